/**
 * Messages between the import dialog (main thread) and the spreadsheet worker. One worker reads one
 * file: the main thread sends `read`; the worker answers with `batch`es of import rows (each
 * acknowledged with `ack` once stored, and the worker never has more than a couple unacknowledged,
 * so a fast parser cannot pile rows up in memory), `progress` while it reads rows that make no batch,
 * and finally `done` or `failed`.
 */
import type { FileTotals, ImportRowInput } from './row-batcher';

export type SheetKind = 'csv' | 'workbook';

export type MainToWorker =
  | { type: 'read'; file: Blob; kind: SheetKind; timeZone: string }
  | { type: 'ack'; batch: number };

export type WorkerToMain =
  | {
      type: 'batch';
      batch: number;
      rows: ImportRowInput[];
      rowNumbers: number[];
      /** Share of the file (0–1) read when this batch closed. */
      progress: number;
    }
  | { type: 'progress'; progress: number }
  | { type: 'done'; totals: FileTotals }
  /** The file could not be read (further). Batches sent before it were good and may be stored. */
  | { type: 'failed'; message: string; totals: FileTotals | null };
