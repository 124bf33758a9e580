import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { candidateExportFileName, candidatesToCsv, CANDIDATE_EXPORT_COLUMNS, type ExportableCandidate } from './export';

const candidate = (overrides: Partial<ExportableCandidate>): ExportableCandidate => ({
  name: 'Ana Cruz',
  email: 'ana@example.com',
  phone: '415-555-0100',
  status: 'interview',
  appliedDate: '2026-11-20T18:30:00.000Z',
  notes: '',
  ...overrides,
});

describe('candidate export', () => {
  it('writes the table columns plus notes, dates as the table shows them, and reads back intact', () => {
    const csv = candidatesToCsv([candidate({ notes: 'First call, "great"\nSecond line' })]);
    expect(csv.startsWith('\ufeff')).toBe(true);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([...CANDIDATE_EXPORT_COLUMNS]);
    expect(parsed[1]).toEqual(['Ana Cruz', 'ana@example.com', '415-555-0100', 'Interview', 'Nov 20, 2026, 10:30 AM PST', 'First call, "great"\nSecond line']);
  });

  it('never lets a cell start a formula', () => {
    const attacks = ['=HYPERLINK("http://x","y")', '+1+cmd', '-2+3', '@SUM(1)', '\t=1', ' =1', '＝1'];
    const csv = candidatesToCsv(attacks.map((name) => candidate({ name })));
    const names = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data.slice(1).map((row) => row[0]);
    expect(names).toEqual(attacks.map((name) => `'${name}`));
  });

  it('names the file by the day', () => {
    expect(candidateExportFileName('xlsx', new Date(2026, 10, 24, 9))).toBe('candidates-2026-11-24.xlsx');
  });
});
