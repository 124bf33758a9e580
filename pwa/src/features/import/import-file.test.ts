import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepHireDb } from '@/db/database';
import { createCandidatesRepo, type CandidatesRepo } from '@/features/candidates/repo';
import { ownedDb } from '@/sync/testing/fixtures';
import type { WorkerToMain } from '@shared/import/reader/protocol';
import { DEFAULT_READ_LIMITS, readSpreadsheetFile } from '@shared/import/reader/read-file';
import type { FileTotals } from '@shared/import/reader/row-batcher';
import { newUid } from '@shared/sync/ids';
import { importFile, joinBatches, transactionRowsFor, OFFLINE_TRANSACTION_ROWS, type ImportFileDeps } from './import-file';
import type { ReadInWorker } from './spreadsheet-client';

let db: RepHireDb;
let repo: CandidatesRepo;
afterEach(async () => {
  await db?.delete();
});

async function setup() {
  db = await ownedDb();
  repo = createCandidatesRepo(db);
}

/** The real reader, run in this thread instead of a worker (same messages, same pacing). */
const inlineReader = (batchSize = 1000): ReadInWorker =>
  async function* (file, kind, timeZone) {
    const messages: WorkerToMain[] = [];
    let wake: (() => void) | null = null;
    let finished = false;
    void readSpreadsheetFile(file, kind, timeZone, {
      send(message) {
        messages.push(message);
        wake?.();
        if (message.type === 'done' || message.type === 'failed') finished = true;
      },
      room: async () => {},
    }, { ...DEFAULT_READ_LIMITS, batchSize });
    for (;;) {
      while (!messages.length) await new Promise<void>((resolve) => (wake = resolve));
      const message = messages.shift()!;
      yield message;
      if (finished && !messages.length) return;
    }
  };

function deps(overrides: Partial<ImportFileDeps> = {}): ImportFileDeps {
  return {
    read: inlineReader(),
    store: (rows, options) => repo.importCandidates(rows, options),
    timeZone: 'UTC',
    yieldToMain: vi.fn(async () => {}),
    ...overrides,
  };
}

const csv = (lines: string[], name = 'people.csv') => new File([lines.join('\n')], name, { type: 'text/csv' });
const totals = (overrides: Partial<FileTotals> = {}): FileTotals => ({
  dataRows: 0,
  blankRows: 0,
  candidates: 0,
  errorCount: 0,
  errors: [],
  warningCount: 0,
  warnings: [],
  ignoredHeaders: [],
  ...overrides,
});

describe('importFile', () => {
  it('stores each batch as one import mutation and counts what was stored', async () => {
    await setup();
    await repo.createCandidate({ name: 'Old Ana', email: 'ana@x.com', source: 'Zapier', status: 'hired' });
    const lines = ['Name,Email,Phone'];
    for (let i = 0; i < 2300; i += 1) lines.push(`P${i},p${i}@x.com,555`);
    lines.push('Ana Cruz,ANA@x.com,', 'P1 again,p1@x.com,777');
    const progress: number[] = [];
    const run = deps({ read: inlineReader(1000) });
    const result = await importFile(csv(lines), 'csv', run, (fraction) => progress.push(fraction));

    expect(result).toMatchObject({ status: 'success', total: 2302, imported: 2300, updated: 2, errorCount: 0, errors: [], failure: null });
    expect(await repo.countCandidates()).toBe(2301);
    const entries = (await db.outbox.toArray()).filter((entry) => entry.name === 'candidates.import');
    expect(entries.map((entry) => entry.count)).toEqual([1000, 1000, 302]);
    expect(entries.every((entry) => entry.label.endsWith('from people.csv'))).toBe(true);
    // Updates keep what the file lacks; new candidates get the import source.
    expect((await repo.findByEmail('ana@x.com'))[0]).toMatchObject({ name: 'Ana Cruz', status: 'hired', source: 'Zapier' });
    expect((await repo.findByEmail('p1@x.com'))[0]).toMatchObject({ name: 'P1 again', phone: '777', source: 'CSV Import' });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
    expect(run.yieldToMain).toHaveBeenCalledTimes(3);
  });

  it('reports bad rows by number, keeps the good ones, and fails a file with no good row', async () => {
    await setup();
    const mixed = await importFile(csv(['Name,Email', 'Ana,ana@x.com', 'Ben,', 'Cy,not-an-email']), 'csv', deps());
    expect(mixed).toMatchObject({
      status: 'success',
      total: 1,
      errorCount: 2,
      rowErrors: 2,
      errors: ['people.csv: Row 3: missing email', 'people.csv: Row 4: invalid email "not-an-email"'],
    });
    const allBad = await importFile(csv(['Name,Email', 'Ben,', 'Cy,'], 'bad.csv'), 'csv', deps());
    expect(allBad).toMatchObject({ status: 'error', total: 0, errorCount: 2, failure: null });
  });

  it('fails an unreadable file with its reason, prefixed with its name', async () => {
    await setup();
    const result = await importFile(csv(['Name,Email'], 'only-headers.csv'), 'csv', deps());
    expect(result).toMatchObject({
      status: 'error',
      total: 0,
      failure: 'no candidates found below the header row',
      errors: ['only-headers.csv: no candidates found below the header row'],
      errorCount: 1,
    });
  });

  it('keeps what was stored before a storage failure and says so', async () => {
    await setup();
    let calls = 0;
    const store: ImportFileDeps['store'] = async (rows, options) => {
      calls += 1;
      if (calls === 2) throw new Error('QuotaExceededError');
      return repo.importCandidates(rows, options);
    };
    const lines = ['Name,Email'];
    for (let i = 0; i < 2500; i += 1) lines.push(`P${i},p${i}@x.com`);
    const result = await importFile(csv(lines), 'csv', deps({ store }));
    expect(result).toMatchObject({
      status: 'error',
      total: 1000,
      imported: 1000,
      failure: 'could not be saved on this device (QuotaExceededError)',
    });
    expect(await repo.countCandidates()).toBe(1000);
  });

  it('counts rows the repo refused, by their row numbers', async () => {
    await setup();
    const read: ReadInWorker = async function* () {
      yield { type: 'batch', batch: 1, rows: [{ uid: newUid(), name: 'Ana', email: 'ana@x.com' }, { uid: newUid(), name: '', email: 'x@x.com' }], rowNumbers: [2, 9], progress: 1 };
      yield { type: 'done', totals: totals({ dataRows: 2, candidates: 2 }) };
    };
    const result = await importFile(csv([]), 'csv', deps({ read }));
    expect(result).toMatchObject({ status: 'success', total: 1, imported: 1, rowErrors: 1, errorCount: 1 });
    expect(result.errors).toEqual([expect.stringMatching(/^people\.csv: Row 9: name: /)]);
  });

  it('keeps at most 100 error texts of a file but counts them all', async () => {
    await setup();
    const read: ReadInWorker = async function* () {
      const errors = Array.from({ length: 100 }, (_, i) => ({ row: i + 2, field: 'email', message: `Row ${i + 2}: missing email` }));
      yield { type: 'done', totals: totals({ dataRows: 10_001, errorCount: 10_000, errors }) };
    };
    const result = await importFile(csv([]), 'csv', deps({ read }));
    expect(result).toMatchObject({ status: 'error', errorCount: 10_000, rowErrors: 10_000 });
    expect(result.errors).toHaveLength(100);
  });

  it('joins the batches into transactions of the rows asked for, keeping row numbers, progress and counts', async () => {
    await setup();
    const lines = ['Name,Email'];
    for (let i = 0; i < 2300; i += 1) lines.push(i === 1500 ? 'Bad,' : `P${i},p${i}@x.com`);
    const stored: number[] = [];
    const saved: number[] = [];
    const run = deps({
      read: inlineReader(500),
      transactionRows: () => 1000,
      store: (rows, options) => {
        stored.push(rows.length);
        return repo.importCandidates(rows, options);
      },
    });
    const result = await importFile(csv(lines), 'csv', run, (_, rows) => rows && saved.push(rows.saved));

    // Batches of 500 (the bad row read as an error, not a batch row) joined up to 1,000 rows each.
    expect(stored).toEqual([1000, 1000, 299]);
    expect(result).toMatchObject({ status: 'success', total: 2299, imported: 2299, rowErrors: 1 });
    expect(result.errors).toEqual(['people.csv: Row 1502: missing email']);
    expect(await repo.countCandidates()).toBe(2299);
    expect(saved.at(-1)).toBe(2299);
    expect(run.yieldToMain).toHaveBeenCalledTimes(3);
  });

  it('reports a refused row of a joined batch by its own row number', async () => {
    await setup();
    const row = (name: string, email: string) => ({ uid: newUid(), name, email });
    const read: ReadInWorker = async function* () {
      yield { type: 'batch', batch: 1, rows: [row('Ana', 'ana@x.com')], rowNumbers: [2], progress: 0.5 };
      yield { type: 'batch', batch: 2, rows: [row('', 'x@x.com'), row('Cy', 'cy@x.com')], rowNumbers: [7, 8], progress: 1 };
      yield { type: 'done', totals: totals({ dataRows: 3, candidates: 3 }) };
    };
    const stored: number[] = [];
    const store: ImportFileDeps['store'] = (rows, options) => {
      stored.push(rows.length);
      return repo.importCandidates(rows, options);
    };
    const result = await importFile(csv([]), 'csv', deps({ read, store, transactionRows: () => 10 }));
    expect(stored).toEqual([3]);
    expect(result).toMatchObject({ status: 'success', total: 2, imported: 2, rowErrors: 1 });
    expect(result.errors).toEqual([expect.stringMatching(/^people\.csv: Row 7: name: /)]);
  });
});

describe('joinBatches', () => {
  type Message = Parameters<typeof joinBatches>[0] extends AsyncIterable<infer M> ? M : never;
  const batch = (n: number, rows: number): Message => ({
    type: 'batch',
    batch: n,
    rows: Array.from({ length: rows }, (_, i) => ({ uid: `u${n}-${i}`, name: `N${n}-${i}`, email: `e${n}-${i}@x.com` })),
    rowNumbers: Array.from({ length: rows }, (_, i) => n * 100 + i),
    progress: n / 10,
  });
  async function* from(messages: Message[], log: string[] = []) {
    try {
      for (const message of messages) {
        log.push(`sent ${message.type === 'batch' ? message.batch : message.type}`);
        yield message;
      }
    } finally {
      log.push('ended');
    }
  }
  const all = async (messages: AsyncIterable<Message>) => {
    const out: Message[] = [];
    for await (const message of messages) out.push(message);
    return out;
  };
  const shape = (message: Message) =>
    message.type === 'batch' ? { batch: message.batch, rows: message.rows.length, first: message.rowNumbers[0], last: message.rowNumbers.at(-1), progress: message.progress } : message.type;

  it('joins consecutive batches until they hold the rows asked for, in order, with the last one’s progress', async () => {
    const joined = await all(joinBatches(from([batch(1, 3), batch(2, 3), batch(3, 3), batch(4, 3), batch(5, 2)]), () => 6));
    expect(joined.map(shape)).toEqual([
      { batch: 2, rows: 6, first: 100, last: 202, progress: 0.2 },
      { batch: 4, rows: 6, first: 300, last: 402, progress: 0.4 },
      { batch: 5, rows: 2, first: 500, last: 501, progress: 0.5 },
    ]);
    const rows = joined.flatMap((message) => (message.type === 'batch' ? message.rows.map((row) => row.uid) : []));
    expect(rows).toEqual([1, 2, 3, 4, 5].flatMap((n) => Array.from({ length: n === 5 ? 2 : 3 }, (_, i) => `u${n}-${i}`)));
  });

  it('stops a join at any other message and passes that message on after it', async () => {
    const done: Message = { type: 'done', totals: totals() };
    const joined = await all(joinBatches(from([batch(1, 2), { type: 'progress', progress: 0.3 }, batch(4, 2), batch(5, 2), done]), () => 100));
    expect(joined.map(shape)).toEqual([
      { batch: 1, rows: 2, first: 100, last: 101, progress: 0.1 },
      'progress',
      { batch: 5, rows: 4, first: 400, last: 501, progress: 0.5 },
      'done',
    ]);
  });

  it('leaves batches alone when asked for 0 rows, or for fewer than a batch holds', async () => {
    const messages = [batch(1, 3), batch(2, 3)];
    expect((await all(joinBatches(from(messages), () => 0))).map(shape)).toEqual(messages.map(shape));
    expect((await all(joinBatches(from(messages), () => 3))).map(shape)).toEqual(messages.map(shape));
  });

  it('asks for the rows as each join starts', async () => {
    const wanted = [4, 0];
    const joined = await all(joinBatches(from([batch(1, 2), batch(2, 2), batch(3, 2), batch(4, 2)]), () => wanted.shift() ?? 0));
    expect(joined.map((message) => (message.type === 'batch' ? message.batch : 0))).toEqual([2, 3, 4]);
  });

  it('ends the reader when its consumer stops early', async () => {
    const log: string[] = [];
    for await (const message of joinBatches(from([batch(1, 2), batch(2, 2), batch(3, 2)], log), () => 4)) {
      expect(shape(message)).toMatchObject({ batch: 2, rows: 4 });
      break;
    }
    expect(log).toEqual(['sent 1', 'sent 2', 'ended']);
  });

  it('joins up to 10,000 rows offline and leaves the worker’s batches alone online', () => {
    expect(transactionRowsFor(false)).toBe(OFFLINE_TRANSACTION_ROWS);
    expect(transactionRowsFor(true)).toBe(0);
  });
});
