/**
 * The device's CSV parsing against the csv-spectrum corpus: each file read as the spreadsheet worker
 * reads it (encoding detection, then papaparse streaming slice by slice) gives the corpus's records,
 * also when the slices cut through quoted fields and multi-byte characters. Then each file as a
 * candidate file through the worker's whole reading path (readSpreadsheetFile): the import rows it
 * hands to the device database hold the corpus's values. The server's side is in
 * sync-server/src/candidates/import/csv-spectrum.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  asCandidateFile,
  expectedCandidates,
  expectedRecords,
  rowsToRecords,
  spectrumCorpus,
} from '../../../tests/support/csv-spectrum';
import { readCsvRows } from '@shared/import/reader/csv-reader';
import { detectEncoding } from '@shared/import/reader/encoding';
import type { WorkerToMain } from '@shared/import/reader/protocol';
import { DEFAULT_READ_LIMITS, readSpreadsheetFile } from '@shared/import/reader/read-file';

const corpus = spectrumCorpus();

async function parse(bytes: Uint8Array, sliceBytes?: number) {
  const blob = new Blob([bytes as BlobPart]);
  const encoding = await detectEncoding(blob);
  const rows: string[][] = [];
  const problems: string[] = [];
  for await (const piece of readCsvRows(blob, encoding, sliceBytes)) {
    rows.push(...piece.rows);
    problems.push(...piece.problems.map((problem) => problem.message));
  }
  return { encoding: encoding.encoding, rows, problems };
}

describe('csv-spectrum on the device', () => {
  it('has the whole corpus', () => {
    expect(corpus.map((c) => c.name)).toEqual([
      'comma_in_quotes',
      'empty',
      'empty_crlf',
      'escaped_quotes',
      'json',
      'location_coordinates',
      'newlines',
      'newlines_crlf',
      'quotes_and_newlines',
      'simple',
      'simple_crlf',
      'utf8',
    ]);
  });

  for (const testCase of corpus) {
    it(`parses ${testCase.name}.csv to its expected records, whole and in 3-byte slices`, async () => {
      for (const sliceBytes of [undefined, 3]) {
        const { encoding, rows, problems } = await parse(testCase.csv, sliceBytes);
        expect(encoding).toBe('utf-8');
        expect(problems).toEqual([]);
        expect(rowsToRecords(rows)).toEqual(expectedRecords(testCase));
      }
    });
  }

  it('imports every corpus file as candidates with the exact cell texts, trimmed', async () => {
    for (const testCase of corpus) {
      const messages: WorkerToMain[] = [];
      const port = { send: (message: WorkerToMain) => void messages.push(message), room: async () => {} };
      const file = new Blob([asCandidateFile(testCase)], { type: 'text/csv' });
      await readSpreadsheetFile(file, 'csv', 'UTC', port, { ...DEFAULT_READ_LIMITS, sliceBytes: 5 });
      expect(messages.at(-1), testCase.name).toMatchObject({ type: 'done', totals: { errorCount: 0 } });
      const rows = messages.flatMap((m) => (m.type === 'batch' ? m.rows : []));
      const stored = rows.map((row) => ({
        email: row.email,
        name: row.name,
        // Empty cells are not "provided", so the row leaves those fields alone.
        ...Object.fromEntries((['notes', 'location', 'skills', 'source'] as const).map((f) => [f, row[f] ?? ''])),
      }));
      const expected = expectedCandidates(testCase).map((c) => ({ notes: '', location: '', skills: '', source: '', ...c }));
      expect(stored, testCase.name).toEqual(expected);
    }
  });
});
