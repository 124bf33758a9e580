/**
 * The main thread's side of the spreadsheet worker (workers/spreadsheet.worker.ts): one worker per job
 * (an import or a preview of one file), its messages as an async sequence. A batch is acknowledged when
 * the consumer asks for the next message — that is, after it stored the batch — which is what paces the
 * worker. The worker is terminated when the sequence ends, the consumer stops early, or `signal` aborts.
 */
import type { ColumnMapping } from '@shared/import/column-mapping';
import type { MainToWorker, PreviewRequest, SheetKind, WorkerToMain } from '@shared/import/reader/protocol';

export interface WorkerLike {
  postMessage(message: MainToWorker): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<WorkerToMain>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  onmessageerror: ((event: MessageEvent) => void) | null;
}

export type CreateWorker = () => WorkerLike;

/** Vite bundles the worker (and precaches it) because of this exact `new Worker(new URL(...))` form. */
export const createSpreadsheetWorker: CreateWorker = () =>
  new Worker(new URL('../../workers/spreadsheet.worker.ts', import.meta.url), { type: 'module', name: 'spreadsheet' });

/** The sheet and column mapping the preview showed, which the import then uses. */
export interface ImportChoice {
  sheet: string | null;
  columns: ColumnMapping | null;
}

export type ReadInWorker = (file: Blob, kind: SheetKind, timeZone: string, choice?: ImportChoice) => AsyncIterable<WorkerToMain>;
export type PreviewInWorker = (request: PreviewRequest, signal: AbortSignal) => AsyncIterable<WorkerToMain>;

const isLast = (message: WorkerToMain) => message.type === 'done' || message.type === 'failed' || message.type === 'previewDone';

async function* runInWorker(createWorker: CreateWorker, job: MainToWorker, signal?: AbortSignal): AsyncGenerator<WorkerToMain> {
  const worker = createWorker();
  const queue: WorkerToMain[] = [];
  let notify: (() => void) | null = null;
  const wake = () => {
    notify?.();
    notify = null;
  };
  const receive = (message: WorkerToMain) => {
    queue.push(message);
    wake();
  };
  worker.onmessage = (event) => receive(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    // A script that fails to load gives an error event without a message.
    const detail = event.message || 'it could not be started';
    receive({ type: 'failed', message: `the spreadsheet reader stopped (${detail})`, totals: null });
  };
  worker.onmessageerror = () => receive({ type: 'failed', message: 'the spreadsheet reader sent unreadable data', totals: null });
  signal?.addEventListener('abort', wake);
  try {
    worker.postMessage(job);
    for (;;) {
      while (!queue.length && !signal?.aborted) await new Promise<void>((resolve) => (notify = resolve));
      if (signal?.aborted) return;
      const message = queue.shift()!;
      yield message;
      if (message.type === 'batch') worker.postMessage({ type: 'ack', batch: message.batch });
      if (isLast(message)) return;
    }
  } finally {
    signal?.removeEventListener('abort', wake);
    worker.terminate();
  }
}

export function workerReader(createWorker: CreateWorker = createSpreadsheetWorker): ReadInWorker {
  return (file, kind, timeZone, choice) =>
    runInWorker(createWorker, { type: 'read', file, kind, timeZone, sheet: choice?.sheet ?? null, columns: choice?.columns ?? null });
}

export function workerPreviewer(createWorker: CreateWorker = createSpreadsheetWorker): PreviewInWorker {
  return (request, signal) => runInWorker(createWorker, { type: 'preview', ...request }, signal);
}
