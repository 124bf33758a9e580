/**
 * Reads one uploaded file in a worker thread (spreadsheet.worker.mjs, the device's reader as
 * reader-bundle.ts bundles it) with hard limits: a memory ceiling, a time limit after which the worker
 * is terminated, a row cap, and at most two reads at once per process. The answer is what a device's
 * import gets from the same file: batches of import rows with their spreadsheet row numbers, the file's
 * totals (row errors included), or the message saying why it could not be read.
 */
import { Worker } from 'node:worker_threads';
import type { ReadLimits } from '@shared/import/reader/read-file';
import type { SheetKind, WorkerToMain } from '@shared/import/reader/protocol';
import type { FileTotals } from '@shared/import/reader/row-batcher';
import type { ImportRow } from '@shared/sync/protocol.schema';
import { readerModule } from './reader-bundle';

export interface ParseLimits {
  timeoutMs: number;
  /** Data rows a file may have (the rest of the file is refused whole). */
  maxRows: number;
  maxOldGenerationSizeMb: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { timeoutMs: 30_000, maxRows: 100_000, maxOldGenerationSizeMb: 384 };

export type ReadUpload =
  | { ok: true; rows: ImportRow[]; rowNumbers: number[]; totals: FileTotals }
  | { ok: false; message: string };

const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const tooManyRows = (limits: ParseLimits) => `has more than ${limits.maxRows.toLocaleString('en-US')} rows; split it into smaller files`;

function runWorker(reader: URL, path: string, kind: SheetKind, timeZone: string, limits: ParseLimits): Promise<ReadUpload> {
  return new Promise((resolve) => {
    const readLimits: ReadLimits = { maxWorkbookBytes: 50 * 1024 * 1024, maxWorkbookRows: limits.maxRows, sliceBytes: 1024 * 1024 };
    const worker = new Worker(new URL('./spreadsheet.worker.mjs', import.meta.url), {
      workerData: { reader: reader.href, path, kind, timeZone, limits: readLimits },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    const rows: ImportRow[] = [];
    const rowNumbers: number[] = [];
    let settled = false;
    const finish = (result: ReadUpload) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ ok: false, message: 'took too long to read; split it into smaller files' }), limits.timeoutMs);
    worker.on('message', (message: WorkerToMain) => {
      if (message.type === 'batch') {
        rows.push(...message.rows);
        rowNumbers.push(...message.rowNumbers);
        if (rows.length > limits.maxRows) finish({ ok: false, message: tooManyRows(limits) });
      } else if (message.type === 'done') {
        finish(message.totals.dataRows > limits.maxRows ? { ok: false, message: tooManyRows(limits) } : { ok: true, rows, rowNumbers, totals: message.totals });
      } else if (message.type === 'failed') {
        // The reader's own words, but a sheet over the cap is named by the upload limit.
        finish({ ok: false, message: /^the sheet has more than/.test(message.message) ? tooManyRows(limits) : message.message });
      }
    });
    worker.once('error', (error: NodeJS.ErrnoException) => {
      finish({
        ok: false,
        message: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'is too large to read; split it into smaller files' : 'could not be read as a spreadsheet',
      });
    });
    worker.once('exit', () => finish({ ok: false, message: 'could not be read as a spreadsheet' }));
  });
}

export function readUploadedFile(path: string, kind: SheetKind, timeZone: string, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<ReadUpload> {
  return withSlot(async () => runWorker(await readerModule(), path, kind, timeZone, limits));
}
