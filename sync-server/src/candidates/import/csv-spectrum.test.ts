/**
 * The server's import parsing against the csv-spectrum corpus: each file read by the parser worker (as
 * POST /api/candidates/import reads uploads) gives the corpus's records. Then every corpus file, as a
 * candidate file, through the real endpoint: the stored candidates hold the corpus's values. The
 * device's side is in pwa/src/workers/spreadsheet/csv-spectrum.test.ts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asCandidateFile,
  expectedCandidates,
  expectedRecords,
  rowsToRecords,
  spectrumCorpus,
} from '../../../../pwa/tests/support/csv-spectrum';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';
import { parseSpreadsheetFile } from './spreadsheet-parser';

const corpus = spectrumCorpus();
const dir = mkdtempSync(path.join(tmpdir(), 'rephire-spectrum-'));

describe('csv-spectrum on the server', () => {
  for (const testCase of corpus) {
    it(`parses ${testCase.name}.csv to its expected records`, async () => {
      const file = path.join(dir, `${testCase.name}.csv`);
      writeFileSync(file, testCase.csv);
      const parsed = await parseSpreadsheetFile(file, 'csv');
      expect(parsed).toMatchObject({ ok: true, truncated: false });
      expect(rowsToRecords((parsed as { rows: unknown[][] }).rows)).toEqual(expectedRecords(testCase));
    });
  }

  describe('through POST /api/candidates/import', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    it('stores every record of every corpus file with its exact cell texts, trimmed', async () => {
      const admin = await server.adminClient();
      // At most 10 files go in one request.
      for (const group of [corpus.slice(0, 6), corpus.slice(6)]) {
        const form = new FormData();
        for (const testCase of group) form.append('file', new Blob([asCandidateFile(testCase)], { type: 'text/csv' }), `${testCase.name}.csv`);
        const res = await admin.request('POST', '/api/candidates/import', { rawBody: form });
        const records = group.reduce((sum, testCase) => sum + testCase.expected.length, 0);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ total: records, imported: records, updated: 0, errors: [] });
      }
      for (const testCase of corpus) {
        for (const expected of expectedCandidates(testCase)) {
          const row = await server.db.knex('candidates').where({ email: expected.email }).first();
          expect(row, expected.email).toBeDefined();
          const stored = {
            email: row.email,
            name: row.name,
            notes: row.notes,
            // Empty cells leave nullable fields null.
            location: row.location ?? '',
            skills: row.skills,
            source: row.source ?? '',
          };
          expect(stored, testCase.name).toEqual({ notes: '', location: '', skills: '', source: '', ...expected });
        }
      }
    });
  });
});
