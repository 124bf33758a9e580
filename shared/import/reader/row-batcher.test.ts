import { describe, expect, it } from 'vitest';
import { storedWithoutUids, withoutUids } from '../testing';
import { RowBatcher, type StoredRow } from './row-batcher';

function run(rows: unknown[][], options: { batchSize?: number; keepMessages?: number } = {}) {
  const batcher = new RowBatcher({ timeZone: 'UTC', ...options });
  const batches: Array<{ rows: Array<Record<string, unknown>>; rowNumbers: number[] }> = [];
  let header: unknown = null;
  rows.forEach((values, i) => {
    if (!batcher.hasHeader) {
      if (header === null || header === 'blank') header = batcher.readHeader(values);
      return;
    }
    const batch = batcher.add(values, i + 1);
    if (batch) batches.push({ ...batch, rows: withoutUids(batch.rows) });
  });
  const last = batcher.flush();
  if (last) batches.push({ ...last, rows: withoutUids(last.rows) });
  return { batches, totals: batcher.totals, header };
}

describe('RowBatcher', () => {
  it('finds the header below blank rows and numbers rows as the sheet does', () => {
    const { batches, header, totals } = run([[], ['', ''], ['Full Name', 'E-mail', 'Mobile'], ['Ana', 'ana@x.com', '555']]);
    expect(header).toEqual({ ok: true });
    expect(batches).toEqual([{ rows: [{ name: 'Ana', email: 'ana@x.com', phone: '555' }], rowNumbers: [4] }]);
    expect(totals).toMatchObject({ dataRows: 1, candidates: 1, errorCount: 0 });
  });

  it('refuses headers without an email or a name column', () => {
    expect(run([['Name', 'Phone'], ['Ana', '1']]).header).toEqual({
      ok: false,
      message: 'The first row must be column headers, with an email column (e.g. "Name", "Email").',
    });
    expect(new RowBatcher({ timeZone: 'UTC' }).readHeader(['', null])).toBe('blank');
  });

  it('sends only the fields a row filled in, so updates never blank or reset values', () => {
    const { batches } = run([['Name', 'Email', 'Status', 'Phone', 'Notes'], ['Ana', 'ana@x.com', '', '', '']]);
    expect(batches[0]!.rows).toEqual([{ name: 'Ana', email: 'ana@x.com' }]);
  });

  it('cuts batches at the batch size and leaves duplicate emails to the import mutation', () => {
    const rows = [['Name', 'Email', 'Phone']];
    for (let i = 0; i < 5; i += 1) rows.push([`P${i}`, `p${i % 4}@x.com`, `${i}`]);
    const { batches, totals } = run(rows, { batchSize: 3 });
    expect(batches.map((b) => b.rows.length)).toEqual([3, 2]);
    expect(batches[1]).toEqual({
      rows: [{ name: 'P3', email: 'p3@x.com', phone: '3' }, { name: 'P4', email: 'p0@x.com', phone: '4' }],
      rowNumbers: [5, 6],
    });
    // Folded by the mutation with the rule it applies across batches (shared/sync/combine-import-rows.ts).
    const same = run([['Name', 'Email', 'Phone'], ['Ana', 'ana@x.com', '1'], ['Ana C', ' ANA@x.com', ''], ['Ben', 'b@x.com', '']]);
    expect(same.batches).toEqual([
      { rows: [{ name: 'Ana', email: 'ana@x.com', phone: '1' }, { name: 'Ana C', email: 'ANA@x.com' }, { name: 'Ben', email: 'b@x.com' }], rowNumbers: [2, 3, 4] },
    ]);
    expect(totals.candidates).toBe(5);
  });

  it('counts every bad row but keeps only the first messages', () => {
    const rows: unknown[][] = [['Name', 'Email']];
    for (let i = 0; i < 10_000; i += 1) rows.push([`P${i}`, '']);
    rows.push(['Ok', 'ok@x.com'], ['', ''], ['Bad', 'not-an-email']);
    const { batches, totals } = run(rows, { keepMessages: 5 });
    expect(totals).toMatchObject({ dataRows: 10_003, blankRows: 1, candidates: 1, errorCount: 10_001 });
    expect(totals.errors.map((e) => e.message)).toEqual([
      'Row 2: missing email',
      'Row 3: missing email',
      'Row 4: missing email',
      'Row 5: missing email',
      'Row 6: missing email',
    ]);
    expect(batches.flatMap((b) => b.rows.map((r) => r.email))).toEqual(['ok@x.com']);
  });

  it('keeps warnings and the columns it ignored', () => {
    const { totals, batches } = run([['Name', 'Email', 'Status', 'Favourite colour'], ['Ana', 'a@x.com', 'maybe', 'blue']]);
    expect(totals).toMatchObject({ warningCount: 1, warnings: ['Row 2: unknown status "maybe", set to new'], ignoredHeaders: ['Favourite colour'] });
    expect(batches[0]!.rows).toEqual([{ name: 'Ana', email: 'a@x.com' }]);
  });
});

describe('RowBatcher: the mapping in effect', () => {
  const headers = ['Full Name', 'Email', 'Best number'];

  it('records the header row, its signature and what matching picks', () => {
    const batcher = new RowBatcher({ timeZone: 'UTC' });
    expect(batcher.readHeader([], 1)).toBe('blank');
    expect(batcher.readHeader(headers, 2)).toEqual({ ok: true });
    expect(batcher.header).toEqual({
      row: 2,
      headers,
      signature: 'fullname|email|bestnumber',
      columns: { name: 0, email: 1 },
      autoColumns: { name: 0, email: 1 },
      origin: 'auto',
    });
    expect(batcher.totals.ignoredHeaders).toEqual(['Best number']);
  });

  it('uses a chosen mapping, else one remembered for the same headers', () => {
    const chosen = new RowBatcher({ timeZone: 'UTC', columns: { name: 0, email: 1, phone: 2 } });
    chosen.readHeader(headers);
    expect(chosen.header).toMatchObject({ origin: 'chosen', columns: { name: 0, email: 1, phone: 2 } });
    expect(chosen.add(['Ana', 'ana@x.com', '555-0100'], 2)).toBeNull();
    expect(withoutUids(chosen.flush()!.rows)).toEqual([{ name: 'Ana', email: 'ana@x.com', phone: '555-0100' }]);

    const remembered = new Map([['fullname|email|bestnumber', { name: 0, email: 1, notes: 2 }]]);
    const later = new RowBatcher({ timeZone: 'UTC', remembered });
    later.readHeader(['full name', 'E-mail', 'Best  Number'] as unknown[]);
    expect(later.header).toMatchObject({ origin: 'remembered', columns: { name: 0, email: 1, notes: 2 } });
    const other = new RowBatcher({ timeZone: 'UTC', remembered });
    other.readHeader(['Name', 'Email']);
    expect(other.header!.origin).toBe('auto');
  });

  it('keeps the header of a mapping without an email column, and refuses it', () => {
    const batcher = new RowBatcher({ timeZone: 'UTC', columns: { name: 0 } });
    expect(batcher.readHeader(headers)).toEqual({ ok: false, message: 'The first row must be column headers, with an email column (e.g. "Name", "Email").' });
    expect(batcher.hasHeader).toBe(false);
    expect(batcher.header).toMatchObject({ headers, columns: { name: 0 } });
  });

  it('shows each non-blank row as stored, or its error', () => {
    const seen: StoredRow[] = [];
    const batcher = new RowBatcher({ timeZone: 'UTC', observe: (row) => seen.push(row) });
    batcher.readHeader(['Name', 'Email', 'Status']);
    batcher.add(['Ana', 'ana@x.com', 'Lost in space'], 2);
    batcher.add(['', '', ''], 3);
    batcher.add(['Ben', '', ''], 4);
    expect(storedWithoutUids(seen)).toEqual([
      { kind: 'candidate', row: 2, values: { name: 'Ana', email: 'ana@x.com' }, warnings: ['Row 2: unknown status "Lost in space", set to new'] },
      { kind: 'error', row: 4, field: 'email', message: 'Row 4: missing email' },
    ]);
  });
});
