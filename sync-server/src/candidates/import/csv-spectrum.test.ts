/**
 * Every csv-spectrum corpus file, as a candidate file, through POST /api/candidates/import: the stored
 * candidates hold the corpus's values. The reader itself (shared with the device) is checked against the
 * corpus's records in pwa/src/workers/spreadsheet/csv-spectrum.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCandidateFile, expectedCandidates, spectrumCorpus } from '../../../../pwa/tests/support/csv-spectrum';
import { startTestServer, type TestServer } from '../../../tests/helpers/test-server';

const corpus = spectrumCorpus();

describe('csv-spectrum on the server', () => {
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
