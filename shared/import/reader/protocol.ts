/**
 * Messages between the import dialog (main thread) and the spreadsheet worker. One worker does one job
 * for one file.
 * - `read` imports: the worker answers with `batch`es of import rows (each acknowledged with `ack` once
 *   stored, and the worker never has more than a couple unacknowledged, so a fast parser cannot pile
 *   rows up in memory), `progress` while it reads rows that make no batch, and finally `done` or `failed`.
 *   Its `sheet` and `columns` are the ones the preview showed, so the import reads what was previewed.
 * - `preview` reads the header and the first rows (`preview`), then goes on through the whole file to
 *   count what the import would make (`previewDone`), or answers `failed`. It may keep the batches it
 *   made on the way (a file of up to so many rows); then `replay` sends them as `read` would, and the
 *   import never reads the file a second time.
 */
import type { ColumnMapping } from '../column-mapping';
import type { FileTotals, HeaderInfo, StoredRow } from './row-batcher';
import type { ImportRow } from '../../mutations/args.schema';

export type SheetKind = 'csv' | 'workbook';

export interface PreviewRequest {
  file: Blob;
  kind: SheetKind;
  timeZone: string;
  /** A workbook's sheet; null: the first. */
  sheet: string | null;
  /** A mapping chosen by hand for this file; null: a remembered one for its headers, else matching. */
  columns: ColumnMapping | null;
  /** Mappings chosen by hand before, as [header signature, mapping]. */
  remembered: Array<[string, ColumnMapping]>;
}

export type MainToWorker =
  | { type: 'read'; file: Blob; kind: SheetKind; timeZone: string; sheet?: string | null; columns?: ColumnMapping | null }
  | { type: 'ack'; batch: number }
  /** After a `preview` that kept its batches (`previewDone` with `kept`): send them as a `read` would. */
  | { type: 'replay' }
  | ({ type: 'preview' } & PreviewRequest);

export interface FilePreview {
  /** A workbook's sheet names (empty for CSV) and the one shown. */
  sheets: string[];
  sheet: string | null;
  header: HeaderInfo;
  /** Why the mapping cannot import (no email or name column), or null. */
  problem: string | null;
  /** The first data rows (blank ones left out) as the import stores them, or their errors. */
  rows: StoredRow[];
}

/** What the whole file gives: candidate rows, errors, and the distinct normalised emails of the candidates. */
export interface PreviewCounts {
  candidates: number;
  errorCount: number;
  emails: string[];
}

export type WorkerToMain =
  | {
      type: 'batch';
      batch: number;
      rows: ImportRow[];
      rowNumbers: number[];
      /** Share of the file (0–1) read when this batch closed. */
      progress: number;
    }
  | { type: 'progress'; progress: number }
  | { type: 'done'; totals: FileTotals }
  /** The file could not be read (further). Batches sent before it were good and may be stored. */
  | { type: 'failed'; message: string; totals: FileTotals | null }
  | { type: 'preview'; preview: FilePreview }
  /**
   * The preview's counts; null when the mapping cannot import (the preview's `problem`). `kept`: the
   * worker holds the whole file's batches, which a `replay` sends to the import.
   */
  | { type: 'previewDone'; counts: PreviewCounts | null; kept: boolean };

export type BatchMessage = Extract<WorkerToMain, { type: 'batch' }>;
