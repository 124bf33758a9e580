import { describe, expect, it } from 'vitest';
import { csvCell, csvDateTime, datedFileName, isPlainPhoneNumber, neutraliseCell, rowsToCsv } from './csv';

describe('spreadsheet-safe CSV', () => {
  it('neutralises every cell a spreadsheet would run as a formula, and keeps other text as it was', () => {
    expect(neutraliseCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    for (const start of ['=', '+', '-', '@', '\t', '\r', ' =', '\uff1d']) expect(neutraliseCell(`${start}1+1`)).toBe(`'${start}1+1`);
    for (const attack of ["+1+cmd|' /C calc'!A0", '-2+3', '@SUM(1)', '+1 555 0100 =1', '+SUM(1)', '-1 (555) 010-0000']) {
      expect(neutraliseCell(attack), attack).toBe(`'${attack}`);
    }
    expect(neutraliseCell('Sales = fun')).toBe('Sales = fun');
  });

  it('writes a phone number with its leading + as it is: nothing in it can run', () => {
    for (const phone of ['+1 (415) 555-0100', '+63 917 555 0101', '+44.20.7946.0000', '+15551234567']) {
      expect(isPlainPhoneNumber(phone)).toBe(true);
      expect(neutraliseCell(phone)).toBe(phone);
    }
    // Too short to be a number someone dials: still guarded.
    expect(neutraliseCell('+1-2')).toBe("'+1-2");
  });

  it('quotes what needs quoting and writes whole files with a BOM and CRLF rows', () => {
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell(null)).toBe('');
    expect(rowsToCsv([['A', 'B'], ['=1', 2]])).toBe("\ufeffA,B\r\n'=1,2\r\n");
  });

  it('writes dates and times as spreadsheets read them, in the zone asked', () => {
    expect(csvDateTime('2026-11-22T10:00:00.000Z', 'UTC')).toBe('2026-11-22 10:00');
    expect(csvDateTime('2026-07-01T07:05:00.000Z', 'America/Los_Angeles')).toBe('2026-07-01 00:05');
    expect(csvDateTime(null, 'UTC')).toBe('');
    expect(csvDateTime('not a date', 'UTC')).toBe('');
    expect(datedFileName('import-errors', 'csv', new Date(2026, 0, 5, 23, 30))).toBe('import-errors-2026-01-05.csv');
  });
});
