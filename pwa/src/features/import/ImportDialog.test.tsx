// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToastInput } from '@/ui/toast/toast-queue';
import { useUiStore } from '@/ui/ui-store';
import type { FileImportResult, ImportProgress } from './import-file';
import { ImportDialog } from './ImportDialog';
import type { ColumnMapping } from '@shared/import/column-mapping';
import type { FilePreview } from '@shared/import/reader/protocol';
import { newUid } from '@shared/sync/ids';
import type { ImportChoice, KeptRows } from './spreadsheet-client';
import type { ImportSessionDeps } from './useImportSession';
import type { PreviewDeps } from './usePreviews';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function result(overrides: Partial<FileImportResult> = {}): FileImportResult {
  return {
    status: 'success',
    total: 0,
    imported: 0,
    updated: 0,
    errors: [],
    errorCount: 0,
    report: [],
    rowErrors: 0,
    warnings: [],
    warningCount: 0,
    ignoredHeaders: [],
    failure: null,
    ...overrides,
  };
}

const HEADERS = ['Full Name', 'Email', 'Best number'];

/** What the worker previews for a file with HEADERS: `columns` in effect (matched: name and email). */
function filePreview(columns: ColumnMapping = { name: 0, email: 1 }, sheet: string | null = null): FilePreview {
  return {
    sheets: sheet ? ['First', 'Second'] : [],
    sheet,
    header: { row: 1, headers: HEADERS, signature: 'fullname|email|bestnumber', columns, autoColumns: { name: 0, email: 1 }, origin: 'auto' },
    problem: null,
    rows: [
      { kind: 'candidate', row: 2, values: { uid: newUid(), name: 'Ana', email: 'ana@x.com', ...(columns.phone === 2 ? { phone: '555-0100' } : {}) }, warnings: [] },
      { kind: 'error', row: 3, field: 'email', message: 'Row 3: missing email' },
    ],
  };
}

/** A preview's kept rows as the worker would hold them: which preview made them, and whether they were released. */
interface FakeKept extends KeptRows {
  choice: ImportChoice;
  released: boolean;
}

/**
 * Previews that answer at once, as the worker would for a file with HEADERS and the choice asked, each
 * keeping its rows (`kept`: every preview's, in order).
 */
function instantPreviews() {
  const asked: ImportChoice[] = [];
  const remembered: Array<[string, ColumnMapping | null]> = [];
  const kept: FakeKept[] = [];
  const deps: PreviewDeps = {
    async *preview(_file, _kind, choice) {
      asked.push(choice);
      yield { type: 'preview', preview: filePreview(choice.columns ?? undefined, choice.sheet) };
      yield { type: 'previewDone', counts: { candidates: 3, errorCount: 1, emails: ['ana@x.com', 'ben@x.com'] }, kept: true };
      const rows: FakeKept = {
        choice,
        released: false,
        async *read() {},
        release: () => void (rows.released = true),
      };
      kept.push(rows);
      yield { type: 'kept', rows };
    },
    countKnownEmails: async (emails) => emails.filter((email) => email === 'ben@x.com').length,
    rememberMapping: async (signature, columns) => void remembered.push([signature, columns]),
  };
  return { deps, asked, remembered, kept };
}

/** Each file's import waits until the test settles it; progress can be reported meanwhile. */
function controlledDeps() {
  const runs: Array<{ file: File; choice: ImportChoice; kept: KeptRows | null; progress: ImportProgress; settle: (result: FileImportResult) => void }> = [];
  const toasts: ToastInput[] = [];
  const previews = instantPreviews();
  const deps: ImportSessionDeps = {
    ...previews.deps,
    importFile: (file, _kind, onProgress, choice, _runId, kept) => new Promise((resolve) => runs.push({ file, choice, kept, progress: onProgress, settle: resolve })),
    undoImport: async () => null,
    notify: (input) => toasts.push(input),
  };
  return { deps, runs, toasts, previews };
}

let root: Root | null = null;
let container: HTMLElement;
beforeEach(() => {
  useUiStore.setState({ importOpen: true, dirtyForms: new Set() });
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container?.remove();
  vi.useRealTimers();
});

async function render(deps: ImportSessionDeps) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<ImportDialog deps={deps} />));
}

const button = (name: string | RegExp) =>
  [...document.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name : name.test(b.textContent ?? ''),
  );
const items = () => [...document.querySelectorAll('li[data-status]')].map((li) => [li.getAttribute('aria-label'), li.getAttribute('data-status')]);
const progressOf = (name: string) => Number(document.querySelector(`[aria-label="${name} progress"]`)!.getAttribute('aria-valuenow'));

/** Chooses files and waits until their previews are read (a run can start only then). */
async function choose(...files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await vi.waitFor(() => expect(document.querySelector('[data-preview="loading"]')).toBeNull());
}

const csv = (name: string, type = 'text/csv') => new File(['Name,Email\nAna,a@x.com\n'], name, { type });

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
    act(() => root!.unmount());
    root = null;
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
