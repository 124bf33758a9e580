import { describe, expect, it } from 'vitest';
import { resolveColumns } from './column-mapping';
import { mapRow, mapRows, providedFields, type RowResult } from './row-mapping';

const UTC = { timeZone: 'UTC' };

function mapOne(headers: unknown[], values: unknown[], row = 2): RowResult {
  return mapRow(resolveColumns(headers).columns, values, row, UTC);
}

describe('mapRow', () => {
  it('builds a validated candidate from the mapped columns', () => {
    const result = mapOne(
      ['Full Name', 'E-mail', 'Mobile', 'Location', 'Status', 'Date Applied', 'Source', 'Experience', 'Skills', 'Notes'],
      [' Ana Cruz ', 'Ana@Example.com', '0917 123 4567', 'Manila', 'Interviewed', '2024-01-05', 'CSV Import', '5 years in sales', 'CRM, Closing', 'Strong'],
      7,
    );
    expect(result).toEqual({
      kind: 'candidate',
      row: 7,
      warnings: [],
      candidate: {
        name: 'Ana Cruz',
        email: 'Ana@Example.com',
        phone: '0917 123 4567',
        location: 'Manila',
        status: 'interview',
        appliedDate: '2024-01-05T00:00:00.000Z',
        source: 'CSV Import',
        experience: '5 years in sales',
        skills: 'CRM, Closing',
        notes: 'Strong',
      },
      provided: ['name', 'email', 'phone', 'location', 'status', 'appliedDate', 'source', 'experience', 'skills', 'notes'],
    });
  });

  it('fills schema defaults but lists only the fields the row filled in', () => {
    const result = mapOne(['Name', 'Email', 'Phone', 'Status'], ['Ben', 'ben@x.com', '', '']);
    expect(result).toMatchObject({ kind: 'candidate', candidate: { name: 'Ben', email: 'ben@x.com', status: 'new', skills: '', notes: '' } });
    if (result.kind !== 'candidate') throw new Error('expected a candidate');
    expect(result.provided).toEqual(['name', 'email']);
    expect(providedFields(result)).toEqual({ name: 'Ben', email: 'ben@x.com' });
  });

  it('joins first and last name when there is no full name', () => {
    expect(mapOne(['First Name', 'Last Name', 'Email'], ['Ana', 'Cruz', 'a@x.com'])).toMatchObject({ candidate: { name: 'Ana Cruz' } });
    expect(mapOne(['Name', 'First Name', 'Email'], ['', 'Ana', 'a@x.com'])).toMatchObject({ candidate: { name: 'Ana' } });
  });

  it('builds the location from city, state and country, else the address', () => {
    expect(mapOne(['Name', 'Email', 'City', 'State', 'Country'], ['A', 'a@x.com', 'Irvine', 'CA', ''])).toMatchObject({ candidate: { location: 'Irvine, CA' } });
    expect(mapOne(['Name', 'Email', 'Address', 'City'], ['A', 'a@x.com', '1 Main St', ''])).toMatchObject({ candidate: { location: '1 Main St' } });
    expect(mapOne(['Name', 'Email', 'Location', 'City'], ['A', 'a@x.com', 'Remote', 'Irvine'])).toMatchObject({ candidate: { location: 'Remote' } });
  });

  it('writes a bare years-of-experience figure as text', () => {
    expect(mapOne(['Name', 'Email', 'Years of Experience'], ['A', 'a@x.com', 5])).toMatchObject({ candidate: { experience: '5 years of experience' } });
    expect(mapOne(['Name', 'Email', 'Experience', 'YOE'], ['A', 'a@x.com', 'Retail sales', '3+'])).toMatchObject({
      candidate: { experience: 'Retail sales\n3+ years of experience' },
    });
  });

  it('reads numeric phone cells from workbooks', () => {
    expect(mapOne(['Name', 'Email', 'Phone'], ['A', 'a@x.com', 9495550101])).toMatchObject({ candidate: { phone: '9495550101' } });
  });

  it('keeps a row with an unknown status as new, with a warning', () => {
    const result = mapOne(['Name', 'Email', 'Status'], ['A', 'a@x.com', 'Maybe later'], 9);
    expect(result).toMatchObject({ kind: 'candidate', candidate: { status: 'new' }, warnings: ['Row 9: unknown status "Maybe later", set to new'] });
    if (result.kind === 'candidate') expect(result.provided).not.toContain('status');
  });

  it('reports missing or invalid email and missing name with the row number', () => {
    expect(mapOne(['Name', 'Email'], ['Ana', ''], 7)).toEqual({ kind: 'error', row: 7, field: 'email', message: 'Row 7: missing email' });
    expect(mapOne(['Name', 'Email'], ['Ana', 'ana at example'], 8)).toEqual({ kind: 'error', row: 8, field: 'email', message: 'Row 8: invalid email "ana at example"' });
    expect(mapOne(['Name', 'Email'], ['', 'a@x.com'], 3)).toEqual({ kind: 'error', row: 3, field: 'name', message: 'Row 3: missing name' });
  });

  it('reports an unreadable applied date instead of guessing', () => {
    expect(mapOne(['Name', 'Email', 'Applied'], ['A', 'a@x.com', 'last week'], 4)).toEqual({
      kind: 'error',
      row: 4,
      field: 'applied date',
      message: 'Row 4: invalid applied date "last week"',
    });
  });

  it('reports schema limits per field', () => {
    const result = mapOne(['Name', 'Email', 'Source'], ['A', 'a@x.com', 'x'.repeat(600)], 5);
    expect(result).toEqual({ kind: 'error', row: 5, field: 'source', message: 'Row 5: source: Must be at most 500 characters' });
  });

  it('names the field of a value too long or unstorable, with its row, before anything is queued', () => {
    expect(mapOne(['Name', 'Email'], ['n'.repeat(201), 'a@x.com'], 6)).toEqual({ kind: 'error', row: 6, field: 'name', message: 'Row 6: name: Name must be at most 200 characters' });
    expect(mapOne(['Name', 'Email', 'City'], ['A', 'a@x.com', 'Oslo \uD83D'], 7)).toEqual({
      kind: 'error',
      row: 7,
      field: 'location',
      message: 'Row 7: location: Contains a character that cannot be stored',
    });
    expect(mapOne(['Name', 'Email', 'Applied'], ['A', 'a@x.com', '9999-12-31'], 8)).toMatchObject({
      kind: 'error',
      message: 'Row 8: applied date: Must be a date between the years 1900 and 2100',
    });
  });

  it('shortens long bad values in messages', () => {
    const result = mapOne(['Name', 'Email'], ['A', 'y'.repeat(200)], 2);
    expect(result.kind === 'error' && result.message.length).toBeLessThan(90);
  });

  it('skips an all-empty row', () => {
    expect(mapOne(['Name', 'Email'], ['', '  ', null])).toEqual({ kind: 'blank', row: 2 });
    expect(mapOne(['Name', 'Email'], [])).toEqual({ kind: 'blank', row: 2 });
  });

  it('never copies unmapped or prototype-like columns into the candidate', () => {
    const result = mapOne(['Name', 'Email', '__proto__', 'constructor', 'isAdmin', 'userId'], ['A', 'a@x.com', '{"polluted":1}', 'x', 'true', '99']);
    if (result.kind !== 'candidate') throw new Error('expected a candidate');
    expect(Object.keys(result.candidate).sort()).toEqual(['email', 'name', 'notes', 'skills', 'status']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('mapRows', () => {
  it('numbers rows as the spreadsheet does and sorts results into candidates, errors and warnings', () => {
    const result = mapRows(
      [
        ['Name', 'Email', 'Status', 'Favourite colour'],
        ['Ana', 'ana@x.com', 'hired', 'blue'],
        ['Ben', '', '', ''],
        ['', '', '', ''],
        ['Cy', 'cy@x.com', 'pending review', ''],
      ],
      UTC,
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.candidates.map((c) => [c.row, c.candidate.name, c.candidate.status])).toEqual([
      [2, 'Ana', 'hired'],
      [5, 'Cy', 'new'],
    ]);
    expect(result.errors).toEqual([{ row: 3, field: 'email', message: 'Row 3: missing email' }]);
    expect(result.warnings).toEqual(['Row 5: unknown status "pending review", set to new']);
    expect(result.blankRows).toBe(1);
    expect(result.ignoredHeaders).toEqual(['Favourite colour']);
  });

  it('refuses a file whose headers lack an email or name column', () => {
    expect(mapRows([['Name', 'Phone'], ['Ana', '1']], UTC)).toEqual({
      ok: false,
      message: 'The first row must be column headers, with an email column (e.g. "Name", "Email").',
    });
    expect(mapRows([], UTC)).toEqual({
      ok: false,
      message: 'The first row must be column headers, with an email column and a name column (e.g. "Name", "Email").',
    });
  });

  it('maps 100,000 rows', () => {
    const sheet: unknown[][] = [['Name', 'Email', 'Phone', 'Status', 'Applied Date']];
    for (let i = 0; i < 100_000; i += 1) sheet.push([`Person ${i}`, `p${i}@example.com`, '9495550101', i % 2 ? 'hired' : 'new', '2024-01-05']);
    const result = mapRows(sheet, UTC);
    if (!result.ok) throw new Error(result.message);
    expect(result.candidates).toHaveLength(100_000);
    expect(result.candidates[99_999]).toMatchObject({ row: 100_001, candidate: { email: 'p99999@example.com', status: 'hired' } });
    expect(result.errors).toEqual([]);
  }, 30_000);
});
