import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RepHireDb } from '@/db/database';
import { createCandidatesRepo, type CandidatesRepo } from '@/features/candidates/repo';
import { ownedDb } from '@/sync/testing/fixtures';
import type { WorkerToMain } from '@shared/import/reader/protocol';
import { DEFAULT_READ_LIMITS, readSpreadsheetFile } from '@shared/import/reader/read-file';
import type { FileTotals } from '@shared/import/reader/row-batcher';
import { newUid } from '@shared/sync/ids';
import { importFile, type ImportFileDeps } from './import-file';
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
});
