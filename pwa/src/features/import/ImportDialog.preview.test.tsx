// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { button, choose, controlledDeps, csv, instantPreviews, items, render, unmount, useDialogHarness } from './import-dialog.testing';
import type { ImportSessionDeps } from './useImportSession';

useDialogHarness();

describe('ImportDialog: previews', () => {
  it('previews each file before importing: header row, columns, first rows as stored, and the counts', async () => {
    const { deps } = controlledDeps();
    await render(deps);
    await choose(csv('a.csv'));
    const section = document.querySelector('section[data-preview="ready"]')!;
    expect(section.querySelector('h3')!.textContent).toBe('Preview of a.csv');
    expect(section.querySelector('[data-header-row]')!.textContent).toBe('Header row: 1');
    await vi.waitFor(() => expect(section.querySelector('[data-preview-counts]')!.textContent).toBe('Will import: 1 new, 2 updated, 1 row with errors'));
    const selects = [...section.querySelectorAll<HTMLSelectElement>('select')];
    expect(selects.map((select) => [select.getAttribute('aria-label'), select.value])).toEqual([
      ['Field for Full Name', 'name'],
      ['Field for Email', 'email'],
      ['Field for Best number', ''],
    ]);
    expect([...section.querySelectorAll('tbody tr[data-preview-row]')].map((tr) => tr.textContent)).toEqual(['2Anaana@x.com', '3missing email']);
  });

  it('imports with the mapping chosen by hand, and remembers it for files with the same headers', async () => {
    const { deps, runs, previews } = controlledDeps();
    await render(deps);
    await choose(csv('a.csv'));
    const phone = () => document.querySelector<HTMLSelectElement>('select[aria-label="Field for Best number"]')!;
    await act(async () => {
      phone().value = 'phone';
      phone().dispatchEvent(new Event('change', { bubbles: true }));
    });
    await vi.waitFor(() => expect(document.querySelector('[data-preview="ready"] tr[data-preview-row]')!.textContent).toContain('555-0100'));
    const chosen = { name: 0, email: 1, phone: 2 };
    expect(previews.asked.at(-1)).toEqual({ sheet: null, columns: chosen });
    expect(previews.remembered).toEqual([['fullname|email|bestnumber', chosen]]);

    // Back to what matching picks: nothing to remember any more.
    await act(async () => {
      phone().value = '';
      phone().dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(previews.remembered.at(-1)).toEqual(['fullname|email|bestnumber', null]);
    await act(async () => {
      phone().value = 'phone';
      phone().dispatchEvent(new Event('change', { bubbles: true }));
    });
    await vi.waitFor(() => expect(button('Import Candidates')!.disabled).toBe(false));
    await act(async () => button('Import Candidates')!.click());
    expect(runs[0]!.choice).toEqual({ sheet: null, columns: chosen });
    // The import takes the rows the last preview kept (made with the chosen mapping); each preview
    // before it released its own when the next one started.
    expect(runs[0]!.kept).toBe(previews.kept.at(-1));
    expect(previews.kept.at(-1)!.choice).toEqual({ sheet: null, columns: chosen });
    expect(previews.kept.map((kept) => kept.released)).toEqual([true, true, true, false]);
    // The previews give way to the run: no preview of a file being imported.
    expect(document.querySelector('section[data-preview]')).toBeNull();
  });

  it("releases the rows a file's preview kept when the file is removed or the dialog closes", async () => {
    const { deps, previews } = controlledDeps();
    await render(deps);
    await choose(csv('a.csv'), csv('b.csv'));
    expect(previews.kept.map((kept) => kept.released)).toEqual([false, false]);
    await act(async () => button('Remove a.csv')!.click());
    expect(previews.kept.map((kept) => kept.released)).toEqual([true, false]);
    unmount();
    expect(previews.kept.map((kept) => kept.released)).toEqual([true, true]);
  });

  it('releases kept rows an import did not read, when it failed before reading them', async () => {
    const previews = instantPreviews();
    await render({ ...previews.deps, importFile: async () => Promise.reject(new Error('storage is gone')), undoImport: async () => null, notify: () => {} });
    await choose(csv('a.csv'));
    await act(async () => button('Import Candidates')!.click());
    expect(items()).toEqual([['a.csv', 'error']]);
    expect(previews.kept.map((kept) => kept.released)).toEqual([true]);
  });

  it("previews and imports a workbook's chosen sheet", async () => {
    const { deps, runs, previews } = controlledDeps();
    const workbookDeps: ImportSessionDeps = {
      ...deps,
      async *preview(file, kind, choice, signal) {
        yield* previews.deps.preview(file, kind, { ...choice, sheet: choice.sheet ?? 'First' }, signal);
      },
    };
    await render(workbookDeps);
    await choose(new File(['x'], 'book.xlsx'));
    const sheet = document.querySelector<HTMLSelectElement>('section[data-preview] select:not([aria-label])')!;
    expect([...sheet.options].map((option) => option.value)).toEqual(['First', 'Second']);
    expect(document.querySelector(`label[for="${sheet.id}"]`)!.textContent).toBe('Sheet');
    await act(async () => {
      sheet.value = 'Second';
      sheet.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(previews.asked.at(-1)).toEqual({ sheet: 'Second', columns: null });
    await vi.waitFor(() => expect(button('Import Candidates')!.disabled).toBe(false));
    await act(async () => button('Import Candidates')!.click());
    expect(runs[0]!.choice).toEqual({ sheet: 'Second', columns: { name: 0, email: 1 } });
  });

  it('waits for a preview before importing, and shows why a file cannot be previewed', async () => {
    let answer: (() => void) | null = null;
    const { deps } = controlledDeps();
    await render({
      ...deps,
      async *preview() {
        await new Promise<void>((resolve) => (answer = resolve));
        yield { type: 'failed', message: 'the file is empty', totals: null };
      },
    });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    Object.defineProperty(input, 'files', { configurable: true, value: [csv('a.csv')] });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(document.querySelector('[data-preview="loading"]')!.textContent).toContain('Reading the file…');
    expect(button('Import Candidates')!.disabled).toBe(true);
    await act(async () => answer!());
    await vi.waitFor(() => expect(document.querySelector('[data-preview="failed"]')!.textContent).toContain('The file is empty.'));
    expect(button('Import Candidates')!.disabled).toBe(false);
  });
});
