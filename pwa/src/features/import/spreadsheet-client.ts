/**
 * The main thread's side of the spreadsheet worker (workers/spreadsheet.worker.ts): one worker per job
 * (an import or a preview of one file), its messages as an async sequence. A batch is acknowledged when
 * the consumer asks for the next message — that is, after it stored the batch — which is what paces the
 * worker. The worker is terminated when the sequence ends, the consumer stops early, or `signal` aborts;
 * but a preview that kept the file's batches hands its worker on (KeptRows), for the import to read them.
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

/**
 * A preview's worker that read the whole file and kept the batches it made (shared/import/reader/
 * preview-file.ts): the import takes them from it instead of reading the file again.
 */
export interface KeptRows {
  /** The batches, then `done` with the file's totals, exactly as a `read` sends them; the worker ends after. */
  read(): AsyncIterable<WorkerToMain>;
  /** Ends the worker: the rows are not wanted (the preview was replaced, the file removed, the dialog closed). */
  release(): void;
}

/** A preview's messages, and after `previewDone` with `kept`, the worker holding its rows. */
export type PreviewMessage = WorkerToMain | { type: 'kept'; rows: KeptRows };
export type PreviewInWorker = (request: PreviewRequest, signal: AbortSignal) => AsyncIterable<PreviewMessage>;

const isLast = (message: WorkerToMain) => message.type === 'done' || message.type === 'failed' || message.type === 'previewDone';

/** One worker, and its jobs' messages as async sequences (each to its last message); ending it is the caller's. */
function connect(createWorker: CreateWorker) {
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

  async function* run(job: MainToWorker, signal?: AbortSignal): AsyncGenerator<WorkerToMain> {
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
    }
  }
  return { run, end: () => worker.terminate() };
}

export function workerReader(createWorker: CreateWorker = createSpreadsheetWorker): ReadInWorker {
  return async function* (file, kind, timeZone, choice) {
    const worker = connect(createWorker);
    try {
      yield* worker.run({ type: 'read', file, kind, timeZone, sheet: choice?.sheet ?? null, columns: choice?.columns ?? null });
    } finally {
      worker.end();
    }
  };
}

export function workerPreviewer(createWorker: CreateWorker = createSpreadsheetWorker): PreviewInWorker {
  return async function* (request, signal) {
    const worker = connect(createWorker);
    let handedOver = false;
    try {
      for await (const message of worker.run({ type: 'preview', ...request }, signal)) {
        yield message;
        if (message.type === 'previewDone' && message.kept && !signal.aborted) {
          // From here the worker is the rows' holder's to end: read to the end, or released.
          handedOver = true;
          const rows: KeptRows = {
            read: async function* () {
              try {
                yield* worker.run({ type: 'replay' });
              } finally {
                worker.end();
              }
            },
            release: worker.end,
          };
          yield { type: 'kept', rows };
        }
      }
    } finally {
      if (!handedOver) worker.end();
    }
  };
}
