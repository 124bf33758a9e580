import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { errorReportCsv, errorReportFileName, reasonOf } from './error-report';

describe('import error report', () => {
  it('writes file, spreadsheet row, field and reason for every error, formula-safe, and reads back', () => {
    const csv = errorReportCsv([
      { file: 'people.csv', row: 5, field: 'email', reason: reasonOf('Row 5: invalid email "=cmd|x"') },
      { file: '=evil.csv', row: null, field: null, reason: 'the file is empty' },
    ]);
    expect(csv.startsWith('\ufeffFile,Row,Field,Reason\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(rows.slice(1)).toEqual([
      ['people.csv', '5', 'email', 'invalid email "=cmd|x"'],
      ["'=evil.csv", '', '', 'the file is empty'],
    ]);
  });

  it('names the file by the day', () => {
    expect(errorReportFileName(new Date(2026, 10, 24, 12))).toBe('import-errors-2026-11-24.csv');
  });
});
