import { describe, expect, it } from 'vitest';
import { importResult as result } from './import-result.testing';
import { completionToast, fileResultText, processedText, rowsProgressText, summarize } from './import-texts';

const ok = result({ total: 12, imported: 10, updated: 2 });
const failed = result({
  status: 'error',
  failure: 'the file is empty',
  errors: ['empty.csv: the file is empty'],
  errorCount: 1,
  report: [{ file: 'empty.csv', row: null, field: null, reason: 'the file is empty' }],
});

describe('summary', () => {
  it('adds up the files, and keeps every error line for the report, file by file', () => {
    const rowError = { file: 'b.csv', row: 4, field: 'email', reason: 'missing email' };
    const withRows = result({ total: 3, imported: 0, updated: 3, errors: ['b.csv: Row 4: missing email'], errorCount: 7, rowErrors: 7, report: Array(7).fill(rowError) });
    expect(summarize([ok, failed, withRows])).toEqual({
      total: 15,
      imported: 10,
      updated: 5,
      errors: ['empty.csv: the file is empty', 'b.csv: Row 4: missing email'],
      errorCount: 8,
      report: [{ file: 'empty.csv', row: null, field: null, reason: 'the file is empty' }, ...Array(7).fill(rowError)],
    });
    expect(processedText({ total: 15, imported: 10, updated: 5 })).toBe('Processed 15 candidates: 10 new, 5 updated.');
  });
});

describe('completionToast', () => {
  it('says Import Complete when every file went in', () => {
    expect(completionToast([ok, result({ total: 1, imported: 1 })])).toEqual({
      title: 'Import Complete',
      description: 'Processed 13 candidates: 11 new, 2 updated.',
    });
  });
  it('says Partial Import Success when some files failed', () => {
    expect(completionToast([ok, failed])).toEqual({
      title: 'Partial Import Success',
      description: 'Processed 12 candidates: 10 new, 2 updated. 1 file(s) failed to import.',
    });
  });
  it('says Import Failed, with the first reason and the count, when all failed', () => {
    expect(completionToast([failed, failed])).toEqual({
      title: 'Import Failed',
      description: 'empty.csv: the file is empty. 2 file(s) failed to import.',
      variant: 'destructive',
    });
  });
});

describe('fileResultText', () => {
  it('describes each outcome', () => {
    expect(fileResultText(ok)).toBe('10 new, 2 updated');
    expect(fileResultText(result({ total: 3, imported: 3, rowErrors: 1, errorCount: 1 }))).toBe('3 new, 0 updated, 1 row skipped');
    expect(fileResultText(failed)).toBe('The file is empty.');
    expect(fileResultText(result({ status: 'error', rowErrors: 10_000, errorCount: 10_000 }))).toBe('No candidates imported: 10000 rows with errors.');
    expect(fileResultText(result({ status: 'error', failure: 'could not be saved on this device (full)', total: 5, imported: 5 }))).toBe(
      'Could not be saved on this device (full); 5 new, 0 updated before it stopped.',
    );
  });
});

describe('rowsProgressText', () => {
  it('counts rows read and saved, with an estimate once there is a rate', () => {
    expect(rowsProgressText({ read: 45_000, saved: 40_000 }, 45, 15_000)).toBe('Read 45,000 rows · saved 40,000 · about 18 s left');
    expect(rowsProgressText({ read: 1, saved: 0 }, 0, 200)).toBe('Read 1 row · saved 0');
  });
});
