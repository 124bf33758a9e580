// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ToastInput } from '@/ui/toast/toast-queue';
import { useUiStore } from '@/ui/ui-store';
import { button, choose, controlledDeps, csv, instantPreviews, items, progressOf, render, result, useDialogHarness } from './import-dialog.testing';

useDialogHarness();

describe('ImportDialog', () => {
  it('lists accepted files with their size, and says what it refused', async () => {
    const { deps, toasts } = controlledDeps();
    await render(deps);
    expect(document.body.textContent).toContain('The first row must be column headers');
    expect(document.body.textContent).toContain('Email is required for every candidate.');
    expect(document.body.textContent).toContain('Duplicates (the same email) are updated rather than added.');
    expect(button('Import Candidates')!.disabled).toBe(true);

    await choose(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(toasts.at(-1)).toMatchObject({ title: 'Invalid Files', description: 'Please upload CSV or Excel files only.' });
    expect(items()).toEqual([]);

    await choose(csv('a.csv'), new File(['x'], 'b.pdf'), new File(['x'], 'c.xlsx'));
    expect(toasts.at(-1)).toMatchObject({ title: 'Some files skipped', description: '1 unsupported files were ignored.' });
    expect(items()).toEqual([
      ['a.csv', 'pending'],
      ['c.xlsx', 'pending'],
    ]);
    expect(document.body.textContent).toContain('23 Bytes');
    expect(button('Add More Files')).toBeDefined();
    expect(button('Import Candidates')!.disabled).toBe(false);
  });

  it('runs pending files one by one: uploading, progress, results, summary and toast', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { deps, runs, toasts } = controlledDeps();
    await render(deps);
    await choose(csv('a.csv'), csv('b.csv'), csv('c.csv'));
    await act(async () => button('Import Candidates')!.click());

    expect(items()).toEqual([
      ['a.csv', 'uploading'],
      ['b.csv', 'pending'],
      ['c.csv', 'pending'],
    ]);
    expect(button(/Importing\.\.\./)!.disabled).toBe(true);
    expect(button('Clear All')!.disabled).toBe(true);
    expect(button('Remove a.csv')!.disabled).toBe(true);
    expect(button('Remove b.csv')!.disabled).toBe(true);
    expect(useUiStore.getState().dirtyForms.has('import-dialog')).toBe(true);
    expect(progressOf('a.csv')).toBe(10);
    await act(async () => vi.advanceTimersByTime(600));
    expect(progressOf('a.csv')).toBe(25);
    await act(async () => runs[0]!.progress(0.6, { read: 3000, saved: 2000 }));
    expect(progressOf('a.csv')).toBe(60);
    // Rows read and saved, and (the fake clock moved 600 ms since the start: no rate yet) no estimate.
    expect(document.querySelector('[data-rows-progress]')?.textContent).toBe('Read 3,000 rows · saved 2,000');

    await act(async () => runs[0]!.settle(result({ total: 3, imported: 2, updated: 1 })));
    expect(items()[0]).toEqual(['a.csv', 'success']);
    expect(progressOf('a.csv')).toBe(100);
    expect(document.body.textContent).toContain('2 new, 1 updated');
    expect(runs).toHaveLength(2);
    await act(async () =>
      runs[1]!.settle(
        result({
          status: 'error',
          failure: 'the file is empty',
          errors: ['b.csv: the file is empty'],
          errorCount: 1,
          report: [{ file: 'b.csv', row: null, field: null, reason: 'the file is empty' }],
        }),
      ),
    );
    await act(async () =>
      runs[2]!.settle(
        result({
          total: 1,
          imported: 1,
          rowErrors: 4,
          errorCount: 4,
          errors: ['c.csv: Row 3: missing email', 'c.csv: Row 4: missing email', 'c.csv: Row 5: missing email', 'c.csv: Row 6: missing email'],
          report: [3, 4, 5, 6].map((row) => ({ file: 'c.csv', row, field: 'email', reason: 'missing email' })),
        }),
      ),
    );
    expect(items()).toEqual([
      ['a.csv', 'success'],
      ['b.csv', 'error'],
      ['c.csv', 'success'],
    ]);
    expect(toasts.at(-1)).toEqual({
      title: 'Partial Import Success',
      description: 'Processed 4 candidates: 3 new, 1 updated. 1 file(s) failed to import.',
    });
    const summary = document.querySelector('[aria-label="Import summary"]')!;
    expect(summary.querySelector('[data-summary="total"]')!.textContent).toBe('4');
    // Every error: file, row, field, reason.
    expect([...summary.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['b.csv', '—', '—', 'the file is empty'],
      ...[3, 4, 5, 6].map((row) => ['c.csv', String(row), 'email', 'missing email']),
    ]);
    expect(summary.textContent).toContain('Errors (5)');
    expect(document.body.textContent).toContain('The file is empty.');
    expect(useUiStore.getState().dirtyForms.has('import-dialog')).toBe(false);
    // The run is over and nothing waits: Done instead of Cancel / Import Candidates; Done clears and closes.
    expect(button('Import Candidates')).toBeUndefined();
    expect(button('Cancel')).toBeUndefined();
    expect(button('Remove b.csv')!.disabled).toBe(false);
    await act(async () => button('Done')!.click());
    expect(useUiStore.getState().importOpen).toBe(false);
    await act(async () => useUiStore.getState().openImport());
    expect(items()).toEqual([]);
  });

  it('imports only files added after a run, and Clear All resets files and summary', async () => {
    const { deps, runs, toasts } = controlledDeps();
    await render(deps);
    await choose(csv('a.csv'));
    await act(async () => button('Import Candidates')!.click());
    await act(async () => runs[0]!.settle(result({ total: 1, imported: 1 })));
    expect(toasts.at(-1)).toEqual({ title: 'Import Complete', description: 'Processed 1 candidates: 1 new, 0 updated.' });

    await choose(csv('b.csv'));
    await act(async () => button('Import Candidates')!.click());
    expect(runs.map((run) => run.file.name)).toEqual(['a.csv', 'b.csv']);
    await act(async () => runs[1]!.settle(result({ status: 'error', failure: 'x', errors: ['b.csv: x'], errorCount: 1 })));
    expect(toasts.at(-1)).toEqual({ title: 'Import Failed', description: 'b.csv: x. 1 file(s) failed to import.', variant: 'destructive' });

    await act(async () => button('Clear All')!.click());
    expect(items()).toEqual([]);
    expect(document.querySelector('[aria-label="Import summary"]')).toBeNull();
  });

  it('keeps a run going and its list when the dialog is closed and reopened', async () => {
    const { deps, runs, toasts } = controlledDeps();
    await render(deps);
    await choose(csv('a.csv'));
    await act(async () => button('Import Candidates')!.click());
    await act(async () => button('Cancel')!.click());
    expect(useUiStore.getState().importOpen).toBe(false);
    expect(useUiStore.getState().dirtyForms.has('import-dialog')).toBe(true);
    await act(async () => runs[0]!.settle(result({ total: 2, imported: 2 })));
    expect(toasts.at(-1)).toMatchObject({ title: 'Import Complete' });
    await act(async () => useUiStore.getState().openImport());
    expect(items()).toEqual([['a.csv', 'success']]);
  });

  it('reports a thrown failure as that file failing', async () => {
    const toasts: ToastInput[] = [];
    await render({ ...instantPreviews().deps, importFile: async () => Promise.reject(new Error('storage is gone')), undoImport: async () => null, notify: (t) => toasts.push(t) });
    await choose(csv('a.csv'));
    await act(async () => button('Import Candidates')!.click());
    expect(items()).toEqual([['a.csv', 'error']]);
    expect(toasts.at(-1)).toEqual({ title: 'Import Failed', description: 'a.csv: storage is gone. 1 file(s) failed to import.', variant: 'destructive' });
  });
});
