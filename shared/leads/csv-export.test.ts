import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { isPlainPhoneNumber, neutraliseCell } from '../export/csv';
import { LEAD_CSV_COLUMNS, leadCsvFileName, leadsToCsv, type ExportableLead } from './csv-export';

function lead(overrides: Partial<ExportableLead> = {}): ExportableLead {
  return {
    full_name: 'Ada Lovelace',
    job_title: 'Sales Representative',
    company: 'Analytical Engines',
    location: 'London, England, United Kingdom',
    linkedin_url: 'https://www.linkedin.com/in/ada',
    email: 'ada@example.com',
    phone_number: '020 7946 0000',
    scraped_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

function parse(csv: string): string[][] {
  const result = Papa.parse<string[]>(csv, { skipEmptyLines: true, delimiter: ',' });
  expect(result.errors).toEqual([]);
  return result.data;
}

const FORMULA = /^[ \u00a0]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

describe('lead CSV export', () => {
  it('writes the spec columns, a BOM, CRLF rows, quotes what needs quoting, and the date as a date', () => {
    const csv = leadsToCsv([lead()], 'UTC');
    expect(csv.startsWith('\ufeffFull Name,Job Title,Company,Location,LinkedIn URL,Email,Phone Number,Date Scraped\r\n')).toBe(true);
    expect(csv).toContain('"London, England, United Kingdom"');
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parse(csv);
    expect(rows[0]).toEqual([...LEAD_CSV_COLUMNS]);
    expect(rows[1]).toEqual([...Object.values(lead()).slice(0, 7), '2026-11-22 10:00']);
    // In the device's zone: 10:00 UTC is 02:00 in California.
    expect(parse(leadsToCsv([lead()], 'America/Los_Angeles'))[1]![7]).toBe('2026-11-22 02:00');
  });

  it('neutralises formula cells, but writes a phone number as it is', () => {
    const rows = parse(leadsToCsv([lead({ full_name: '=cmd|\' /C calc\'!A0', phone_number: '+1 (555) 010-0000', email: null })], 'UTC'));
    expect(rows[1]![0]).toBe('\'=cmd|\' /C calc\'!A0');
    expect(rows[1]![6]).toBe('+1 (555) 010-0000');
    expect(rows[1]![5]).toBe('');
  });

  it('round-trips any text through a real CSV parser, with no formula cell', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ' ', 'a', 'é', '😀'), maxLength: 12 }),
    );
    const arbitraryLead = fc.record({
      full_name: fc.option(text, { nil: null }),
      job_title: fc.option(text, { nil: null }),
      company: fc.option(text, { nil: null }),
      location: fc.option(text, { nil: null }),
      linkedin_url: text,
      email: fc.option(text, { nil: null }),
      phone_number: fc.option(text, { nil: null }),
      scraped_at: fc.constant('2026-11-22T10:00:00.000Z'),
    });
    fc.assert(
      fc.property(fc.array(arbitraryLead, { minLength: 1, maxLength: 8 }), (leads) => {
        const rows = Papa.parse<string[]>(leadsToCsv(leads, 'UTC'), { newline: '\r\n', delimiter: ',' }).data;
        // The last line break ends the last row; Papa reads an empty row after it.
        expect(rows.at(-1)).toEqual(['']);
        expect(rows.length).toBe(leads.length + 2);
        leads.forEach((l, i) => {
          const expected = [l.full_name, l.job_title, l.company, l.location, l.linkedin_url, l.email, l.phone_number, '2026-11-22 10:00'].map(
            (v) => (v === null ? '' : neutraliseCell(v)),
          );
          expect(rows[i + 1]).toEqual(expected);
          for (const cell of rows[i + 1]!) expect(FORMULA.test(cell) && !isPlainPhoneNumber(cell), JSON.stringify(cell)).toBe(false);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('names the file after the local date', () => {
    expect(leadCsvFileName(new Date(2026, 0, 5, 23, 30))).toBe('linkedin-sales-reps-2026-01-05.csv');
  });
});
