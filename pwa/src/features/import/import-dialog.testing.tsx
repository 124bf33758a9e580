/**
 * The import dialog's test kit (ImportDialog*.test.tsx): fake previews and imports standing in for the
 * worker and the database, rendering, and the dialog's parts as a user finds them.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { ToastInput } from '@/ui/toast/toast-queue';
import { useUiStore } from '@/ui/ui-store';
import type { ColumnMapping } from '@shared/import/column-mapping';
import type { FilePreview } from '@shared/import/reader/protocol';
import { newUid } from '@shared/sync/ids';
import type { FileImportResult, ImportProgress } from './import-file';
import { ImportDialog } from './ImportDialog';
import type { ImportChoice, KeptRows } from './spreadsheet-client';
import type { ImportSessionDeps } from './useImportSession';
import type { PreviewDeps } from './usePreviews';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export { importResult as result } from './import-result.testing';

export const HEADERS = ['Full Name', 'Email', 'Best number'];

/** What the worker previews for a file with HEADERS: `columns` in effect (matched: name and email). */
export function filePreview(columns: ColumnMapping = { name: 0, email: 1 }, sheet: string | null = null): FilePreview {
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
export interface FakeKept extends KeptRows {
  choice: ImportChoice;
  released: boolean;
}

/**
 * Previews that answer at once, as the worker would for a file with HEADERS and the choice asked, each
 * keeping its rows (`kept`: every preview's, in order).
 */
export function instantPreviews() {
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
export function controlledDeps() {
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
let container: HTMLElement | undefined;

/** Registers the hooks a test file of the dialog needs: the dialog open before each test, unmounted after. */
export function useDialogHarness() {
  beforeEach(() => {
    useUiStore.setState({ importOpen: true, dirtyForms: new Set() });
  });
  afterEach(() => {
    unmount();
    container?.remove();
    vi.useRealTimers();
  });
}

/** Unmounts the dialog (closing it as leaving the page would). */
export function unmount() {
  act(() => root?.unmount());
  root = null;
}

export async function render(deps: ImportSessionDeps) {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<ImportDialog deps={deps} />));
}

export const button = (name: string | RegExp) =>
  [...document.querySelectorAll('button')].find((b) =>
    typeof name === 'string' ? (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name : name.test(b.textContent ?? ''),
  );
export const items = () => [...document.querySelectorAll('li[data-status]')].map((li) => [li.getAttribute('aria-label'), li.getAttribute('data-status')]);
export const progressOf = (name: string) => Number(document.querySelector(`[aria-label="${name} progress"]`)!.getAttribute('aria-valuenow'));

/** Chooses files and waits until their previews are read (a run can start only then). */
export async function choose(...files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await vi.waitFor(() => expect(document.querySelector('[data-preview="loading"]')).toBeNull());
}

export const csv = (name: string, type = 'text/csv') => new File(['Name,Email\nAna,a@x.com\n'], name, { type });
