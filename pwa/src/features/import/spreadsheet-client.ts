/**
 * The main thread's side of the spreadsheet worker (workers/spreadsheet.worker.ts): one worker per
 * file, its messages as an async sequence. A batch is acknowledged when the consumer asks for the
 * next message — that is, after it stored the batch — which is what paces the worker. The worker is
 * terminated when the sequence ends or the consumer stops early.
 */
import type { MainToWorker, SheetKind, WorkerToMain } from '@shared/import/reader/protocol';

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

export type ReadInWorker = (file: Blob, kind: SheetKind, timeZone: string) => AsyncIterable<WorkerToMain>;

export function workerReader(createWorker: CreateWorker = createSpreadsheetWorker): ReadInWorker {
  return async function* readInWorker(file, kind, timeZone) {
    const worker = createWorker();
    const queue: WorkerToMain[] = [];
    let notify: (() => void) | null = null;
    const receive = (message: WorkerToMain) => {
      queue.push(message);
      notify?.();
      notify = null;
    };
    worker.onmessage = (event) => receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      // A script that fails to load gives an error event without a message.
      const detail = event.message || 'it could not be started';
      receive({ type: 'failed', message: `the spreadsheet reader stopped (${detail})`, totals: null });
    };
    worker.onmessageerror = () => receive({ type: 'failed', message: 'the spreadsheet reader sent unreadable data', totals: null });
    try {
      worker.postMessage({ type: 'read', file, kind, timeZone });
      for (;;) {
        while (!queue.length) await new Promise<void>((resolve) => (notify = resolve));
        const message = queue.shift()!;
        yield message;
        if (message.type === 'batch') worker.postMessage({ type: 'ack', batch: message.batch });
        if (message.type === 'done' || message.type === 'failed') return;
      }
    } finally {
      worker.terminate();
    }
  };
}
