/**
 * The import dialog's state: the listed files and the last run's summary (spec 4, import file item).
 * An item goes pending → uploading → success | error, and never back. Invariants:
 * - a run imports the items pending when it starts, one file at a time; files added meanwhile wait;
 * - while a run is going nothing is removed or cleared, and an uploading item never is;
 * - the progress shown is the spec's simulation (10, +5 per 200 ms tick, up to 80) or the real share of
 *   the file read and stored, whichever is ahead; 100 only once the file is done.
 * - a pending item carries its preview (the worker's read of its header and first rows, then the counts)
 *   and the choice it shows (sheet, column mapping); the import reads the file with exactly that choice.
 *   Each preview run has a number: answers from an earlier run (the choice changed since) are dropped. A
 *   run cannot start while a pending item's preview is still being read.
 */
import type { FilePreview, PreviewCounts, SheetKind } from '@shared/import/reader/protocol';
import type { FileImportResult } from './import-file';
import { summarize, type ImportSummary } from './import-texts';
import type { ImportChoice } from './spreadsheet-client';

/** What importing a file will make, as the preview counts it. */
export interface ImportCounts {
  created: number;
  /** Rows that update a candidate: one already on the device, or one an earlier row of the file makes. */
  updated: number;
  errors: number;
}

export type PreviewState =
  | { status: 'none'; run: number }
  | { status: 'loading'; run: number }
  /** counts: 'counting' while the worker reads the rest of the file; null when the mapping cannot import. */
  | { status: 'ready'; run: number; preview: FilePreview; counts: ImportCounts | 'counting' | null }
  | { status: 'failed'; run: number; message: string };

/**
 * The counts from the worker's `previewDone` and how many of its emails the device already has: a
 * candidate row whose email is new makes a candidate the first time it appears; every other candidate row
 * updates one (the same-email merge folds repeated emails into one candidate).
 */
export function importCounts(counts: PreviewCounts, knownEmails: number): ImportCounts {
  const created = counts.emails.length - knownEmails;
  return { created, updated: counts.candidates - created, errors: counts.errorCount };
}

export type ItemStatus = 'pending' | 'uploading' | 'success' | 'error';

export interface UploadItem {
  id: string;
  file: File;
  kind: SheetKind;
  status: ItemStatus;
  /** Shown on the bar, 0–100. */
  progress: number;
  /** The spec's simulated progress. */
  simulated: number;
  /** Share of the file read and stored, 0–99 until done. */
  real: number;
  /** While it is imported: rows read from the file and rows stored on the device so far. */
  rows: { read: number; saved: number } | null;
  /** When its import started (epoch ms), for the time estimate. */
  startedAt: number | null;
  result: FileImportResult | null;
  choice: ImportChoice;
  preview: PreviewState;
}

export interface ImportState {
  items: UploadItem[];
  running: boolean;
  summary: ImportSummary | null;
}

export const initialImportState: ImportState = { items: [], running: false, summary: null };

export const SIMULATION = { start: 10, step: 5, cap: 80, everyMs: 200 } as const;

export type ImportAction =
  | { type: 'add'; files: Array<{ file: File; kind: SheetKind; id?: string }> }
  | { type: 'previewStarted'; id: string; run: number; choice: ImportChoice }
  | { type: 'previewShown'; id: string; run: number; preview: FilePreview }
  | { type: 'previewCounted'; id: string; run: number; counts: ImportCounts | null }
  | { type: 'previewFailed'; id: string; run: number; message: string }
  | { type: 'remove'; id: string }
  | { type: 'clear' }
  | { type: 'start' }
  | { type: 'itemStarted'; id: string; at: number }
  | { type: 'tick' }
  | { type: 'itemProgress'; id: string; fraction: number; rows?: { read: number; saved: number } }
  | { type: 'itemFinished'; id: string; result: FileImportResult }
  | { type: 'finished'; results: FileImportResult[]; runId: string };

let counter = 0;
export const nextItemId = () => `import-file-${(counter += 1)}`;

export function canRemove(state: ImportState, item: UploadItem): boolean {
  return !state.running && item.status !== 'uploading';
}

export function canImport(state: ImportState): boolean {
  const pending = state.items.filter((item) => item.status === 'pending');
  return !state.running && pending.length > 0 && pending.every((item) => item.preview.status !== 'loading');
}

/** Applies a preview answer to a pending item, unless a later run replaced the one it answers. */
function previewAnswer(state: ImportState, id: string, run: number, change: (item: UploadItem) => UploadItem): ImportState {
  return updateItem(state, id, (item) => (item.status === 'pending' && item.preview.run === run ? change(item) : item));
}

/** The state with one item changed; the same state when the change leaves it alone. */
function updateItem(state: ImportState, id: string, change: (item: UploadItem) => UploadItem): ImportState {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.id !== id) return item;
    const next = change(item);
    changed ||= next !== item;
    return next;
  });
  return changed ? { ...state, items } : state;
}

const shown = (item: UploadItem, simulated: number, real: number): UploadItem => ({
  ...item,
  simulated,
  real,
  progress: Math.max(simulated, real),
});

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'add':
      return {
        ...state,
        items: [
          ...state.items,
          ...action.files.map(({ file, kind, id }) => ({
            id: id ?? nextItemId(),
            file,
            kind,
            status: 'pending' as const,
            progress: 0,
            simulated: 0,
            real: 0,
            rows: null,
            startedAt: null,
            result: null,
            choice: { sheet: null, columns: null },
            preview: { status: 'none' as const, run: 0 },
          })),
        ],
      };
    case 'previewStarted':
      return updateItem(state, action.id, (item) =>
        item.status === 'pending' ? { ...item, choice: action.choice, preview: { status: 'loading', run: action.run } } : item,
      );
    case 'previewShown':
      return previewAnswer(state, action.id, action.run, (item) => ({
        ...item,
        // The import reads exactly what the preview shows: its sheet and the mapping in effect.
        choice: { sheet: action.preview.sheet, columns: action.preview.header.columns },
        preview: { status: 'ready', run: action.run, preview: action.preview, counts: 'counting' },
      }));
    case 'previewCounted':
      return previewAnswer(state, action.id, action.run, (item) =>
        item.preview.status === 'ready' ? { ...item, preview: { ...item.preview, counts: action.counts } } : item,
      );
    case 'previewFailed':
      return previewAnswer(state, action.id, action.run, (item) => ({
        ...item,
        preview: { status: 'failed', run: action.run, message: action.message },
      }));
    case 'remove': {
      const item = state.items.find((candidate) => candidate.id === action.id);
      if (!item || !canRemove(state, item)) return state;
      return { ...state, items: state.items.filter((candidate) => candidate.id !== action.id) };
    }
    case 'clear':
      return state.running ? state : initialImportState;
    case 'start':
      return state.running ? state : { ...state, running: true, summary: null };
    case 'itemStarted':
      return updateItem(state, action.id, (item) =>
        item.status === 'pending' ? shown({ ...item, status: 'uploading', startedAt: action.at }, SIMULATION.start, 0) : item,
      );
    case 'tick':
      return state.items.some((item) => item.status === 'uploading')
        ? {
            ...state,
            items: state.items.map((item) =>
              item.status === 'uploading' ? shown(item, Math.min(SIMULATION.cap, item.simulated + SIMULATION.step), item.real) : item,
            ),
          }
        : state;
    case 'itemProgress':
      return updateItem(state, action.id, (item) =>
        item.status === 'uploading'
          ? shown({ ...item, rows: action.rows ?? item.rows }, item.simulated, Math.max(item.real, Math.min(99, Math.floor(action.fraction * 100))))
          : item,
      );
    case 'itemFinished':
      return updateItem(state, action.id, (item) =>
        item.status === 'uploading' ? { ...item, status: action.result.status, progress: 100, result: action.result } : item,
      );
    case 'finished':
      return { ...state, running: false, summary: { ...summarize(action.results), runId: action.runId } };
  }
}
