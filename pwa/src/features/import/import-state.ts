/**
 * The import dialog's state: the listed files and the last run's summary (spec 4, import file item).
 * An item goes pending → uploading → success | error, and never back. Invariants:
 * - a run imports the items pending when it starts, one file at a time; files added meanwhile wait;
 * - while a run is going nothing is removed or cleared, and an uploading item never is;
 * - the progress shown is the spec's simulation (10, +5 per 200 ms tick, up to 80) or the real share of
 *   the file read and stored, whichever is ahead; 100 only once the file is done.
 */
import type { SheetKind } from '@shared/import/reader/protocol';
import type { FileImportResult } from './import-file';
import { summarize, type ImportSummary } from './import-texts';

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
  result: FileImportResult | null;
}

export interface ImportState {
  items: UploadItem[];
  running: boolean;
  summary: ImportSummary | null;
}

export const initialImportState: ImportState = { items: [], running: false, summary: null };

export const SIMULATION = { start: 10, step: 5, cap: 80, everyMs: 200 } as const;

export type ImportAction =
  | { type: 'add'; files: Array<{ file: File; kind: SheetKind }> }
  | { type: 'remove'; id: string }
  | { type: 'clear' }
  | { type: 'start' }
  | { type: 'itemStarted'; id: string }
  | { type: 'tick' }
  | { type: 'itemProgress'; id: string; fraction: number }
  | { type: 'itemFinished'; id: string; result: FileImportResult }
  | { type: 'finished'; results: FileImportResult[] };

let counter = 0;
const nextId = () => `import-file-${(counter += 1)}`;

export function canRemove(state: ImportState, item: UploadItem): boolean {
  return !state.running && item.status !== 'uploading';
}

export function canImport(state: ImportState): boolean {
  return state.items.length > 0 && !state.running && state.items.some((item) => item.status === 'pending');
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
          ...action.files.map(({ file, kind }) => ({
            id: nextId(),
            file,
            kind,
            status: 'pending' as const,
            progress: 0,
            simulated: 0,
            real: 0,
            result: null,
          })),
        ],
      };
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
        item.status === 'pending' ? shown({ ...item, status: 'uploading' }, SIMULATION.start, 0) : item,
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
          ? shown(item, item.simulated, Math.max(item.real, Math.min(99, Math.floor(action.fraction * 100))))
          : item,
      );
    case 'itemFinished':
      return updateItem(state, action.id, (item) =>
        item.status === 'uploading' ? { ...item, status: action.result.status, progress: 100, result: action.result } : item,
      );
    case 'finished':
      return { ...state, running: false, summary: summarize(action.results) };
  }
}
