/**
 * The main thread's side of the spreadsheet worker: which worker ends when, acknowledgements, and a
 * preview's kept rows handed to the import. The worker here is the worker's own message handler
 * (workers/spreadsheet/jobs.ts) in this thread; the real worker runs in the browser tests
 * (pwa/tests/import*.browser.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { MainToWorker, WorkerToMain } from '@shared/import/reader/protocol';
import { DEFAULT_READ_LIMITS } from '@shared/import/reader/read-file';
import { spreadsheetJobs } from '@/workers/spreadsheet/jobs';
import { workerPreviewer, workerReader, type KeptRows, type PreviewMessage, type WorkerLike } from './spreadsheet-client';

/** The worker's handler in this thread, with batches of two rows; it records what it was sent and whether it was terminated. */
class InThreadWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<WorkerToMain>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: ((event: MessageEvent) => void) | null = null;
  received: MainToWorker[] = [];
  terminated = false;
  private readonly handle: (message: MainToWorker) => void;

  constructor(keptPreviewRows: number) {
    const answer = (message: WorkerToMain) => {
      if (!this.terminated) queueMicrotask(() => this.onmessage?.({ data: message } as MessageEvent<WorkerToMain>));
    };
    this.handle = spreadsheetJobs(answer, { limits: { ...DEFAULT_READ_LIMITS, batchSize: 2 }, keptPreviewRows });
  }

  postMessage(message: MainToWorker): void {
    this.received.push(message);
    this.handle(message);
  }

  terminate(): void {
    this.terminated = true;
  }
}

function workers(keepRows: number) {
  const made: InThreadWorker[] = [];
  return { made, create: () => made[made.push(new InThreadWorker(keepRows)) - 1]! };
}

const FILE = new Blob(['Name,Email\nAna,ana@x.com\nBen,ben@x.com\nCy,cy@x.com\n']);
const request = { file: FILE, kind: 'csv' as const, timeZone: 'UTC', sheet: null, columns: null, remembered: [] };

async function collect<T>(messages: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const message of messages) all.push(message);
  return all;
}

const kinds = (messages: Array<WorkerToMain | PreviewMessage>) => messages.map((message) => message.type);

describe('spreadsheet client', () => {
  it('reads a file in a worker of its own, acknowledging each batch, and ends the worker', async () => {
    const { made, create } = workers(0);
    const messages = await collect(workerReader(create)(FILE, 'csv', 'UTC'));
    expect(kinds(messages)).toEqual(['batch', 'batch', 'done']);
    expect(made).toHaveLength(1);
    expect(made[0]!.received.map((message) => message.type)).toEqual(['read', 'ack', 'ack']);
    expect(made[0]!.terminated).toBe(true);
  });

  it("hands a preview's worker, with the rows it kept, to the import, which reads them instead of the file", async () => {
    const { made, create } = workers(10);
    const messages = await collect(workerPreviewer(create)(request, new AbortController().signal));
    expect(kinds(messages)).toEqual(['preview', 'previewDone', 'kept']);
    expect(made[0]!.terminated).toBe(false);
    const kept = (messages.at(-1) as { rows: KeptRows }).rows;
    const read = await collect(kept.read());
    expect(kinds(read)).toEqual(['batch', 'batch', 'done']);
    expect(read.flatMap((message) => (message.type === 'batch' ? message.rows.map((row) => row.email) : []))).toEqual(['ana@x.com', 'ben@x.com', 'cy@x.com']);
    expect(made[0]!.received.map((message) => message.type)).toEqual(['preview', 'replay', 'ack', 'ack']);
    expect(made[0]!.terminated).toBe(true);
    expect(made).toHaveLength(1);
  });

  it('ends the worker of a preview that kept nothing, of one stopped early, and of kept rows released', async () => {
    const nothing = workers(1);
    expect(kinds(await collect(workerPreviewer(nothing.create)(request, new AbortController().signal)))).toEqual(['preview', 'previewDone']);
    expect(nothing.made[0]!.terminated).toBe(true);

    const stopped = workers(10);
    const controller = new AbortController();
    for await (const message of workerPreviewer(stopped.create)(request, controller.signal)) if (message.type === 'preview') controller.abort();
    expect(stopped.made[0]!.terminated).toBe(true);

    const released = workers(10);
    const messages = await collect(workerPreviewer(released.create)(request, new AbortController().signal));
    expect(released.made[0]!.terminated).toBe(false);
    (messages.at(-1) as { rows: KeptRows }).rows.release();
    expect(released.made[0]!.terminated).toBe(true);
  });
});
