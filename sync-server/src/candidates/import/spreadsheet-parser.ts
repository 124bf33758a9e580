/**
 * Runs spreadsheet-worker.mjs for one uploaded file with hard limits: a memory ceiling, a time limit
 * after which the worker is terminated, a row cap, and at most two parses at once per process. A
 * workbook's ZIP container is checked before that (shared/import/zip-guard.ts): a zip bomb or a
 * cut-off file is refused at once, with a clear message, instead of as a timeout. Any
 * failure becomes a short message for the import summary; the server itself never sees the file's
 * contents except as plain cell values.
 */
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { checkZipContainer } from '@shared/import/zip-guard';

export type SheetKind = 'csv' | 'sheet';

export interface ParseLimits {
  timeoutMs: number;
  maxRows: number;
  maxOldGenerationSizeMb: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { timeoutMs: 30_000, maxRows: 100_000, maxOldGenerationSizeMb: 384 };

export type ParsedSheet = { ok: true; rows: unknown[][]; truncated: boolean } | { ok: false; message: string };

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

function runWorker(path: string, kind: SheetKind, limits: ParseLimits): Promise<ParsedSheet> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./spreadsheet.worker.mjs', import.meta.url), {
      workerData: { path, kind, maxRows: limits.maxRows },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (result: ParsedSheet) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ ok: false, message: 'took too long to read; split it into smaller files' }), limits.timeoutMs);
    worker.once('message', (message: ParsedSheet) => {
      finish(message.ok ? message : { ok: false, message: 'could not be read as a spreadsheet' });
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

/** A workbook's ZIP container is checked first (zip bombs, cut-off files), without SheetJS. */
async function checkContainer(path: string): Promise<ParsedSheet | null> {
  const bytes = await readFile(path);
  const verdict = await checkZipContainer(bytes);
  return verdict.ok ? null : { ok: false, message: verdict.message };
}

export function parseSpreadsheetFile(path: string, kind: SheetKind, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<ParsedSheet> {
  return withSlot(async () => (kind === 'sheet' ? await checkContainer(path) : null) ?? runWorker(path, kind, limits));
}
