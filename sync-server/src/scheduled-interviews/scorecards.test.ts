/**
 * Scorecards on a real database: an interviewer's ratings, recommendation and notes reach PostgreSQL
 * through a push and every device through the pull; two interviewers' scorecards stay apart; the server
 * refuses bad ratings, a criterion the team never had and a writer who is not the interviewer; admins
 * set the team's criteria.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { DEFAULT_SCORECARD_CRITERIA } from '@shared/schemas/scorecard.schema';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import { candidateArgs, TestDevice } from '../../tests/helpers/sync-device';
import type { HttpClient } from '../../tests/helpers/http-client';

let server: TestServer;
let admin: HttpClient;
let rita: HttpClient;
let sam: HttpClient;
let ritaId: number;
let samId: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  rita = await server.recruiterClient('rita');
  sam = await server.recruiterClient('sam');
  ritaId = (await rita.get('/api/user')).body.id;
  samId = (await sam.get('/api/user')).body.id;
});
afterAll(() => server.close());

type Results = { status: number; body: { results: Array<{ status: string; reason?: string }> } };
const outcomes = (res: Results) => {
  expect(res.status).toBe(200);
  return res.body.results.map((r) => (r.status === 'applied' ? 'applied' : r.reason));
};
const slot = { date: '2026-12-02', startTime: '10:00', timeZone: 'Europe/London', durationMinutes: 45 };

/** A candidate with two interviews the same day, Rita's and Sam's, made on Rita's laptop. */
async function candidateWithTwoInterviews(laptop: TestDevice) {
  const candidate = candidateArgs();
  const ritas = randomUUID();
  const sams = randomUUID();
  expect(
    outcomes(
      await laptop.push([
        laptop.mutation('candidate.create', candidate),
        laptop.mutation('interview.schedule', { uid: ritas, candidateUid: candidate.uid, ...slot, interviewerId: ritaId }),
        laptop.mutation('interview.schedule', { uid: sams, candidateUid: candidate.uid, ...slot, startTime: '11:00', interviewerId: samId }),
      ]),
    ),
  ).toEqual(['applied', 'applied', 'applied']);
  return { candidateUid: candidate.uid, ritas, sams };
}

describe('scorecards over sync', () => {
  it('stores each interviewer’s scorecard on their interview in PostgreSQL, apart, and sends both to every device', async () => {
    const laptop = new TestDevice(rita);
    const tablet = new TestDevice(sam);
    const { candidateUid, ritas, sams } = await candidateWithTwoInterviews(laptop);
    expect(
      outcomes(
        await laptop.push([
          laptop.mutation('interview.score', { uid: ritas, candidateUid, scores: { prospecting: 4, closing: 3 } }),
          laptop.mutation('interview.score', { uid: ritas, candidateUid, recommendation: 'strong_yes' }),
          laptop.mutation('interview.score', { uid: ritas, candidateUid, notes: 'Ran a crisp discovery call', notesBase: '' }),
        ]),
      ),
    ).toEqual(['applied', 'applied', 'applied']);
    expect(
      outcomes(await tablet.push([tablet.mutation('interview.score', { uid: sams, candidateUid, scores: { closing: 1 }, recommendation: 'no' })])),
    ).toEqual(['applied']);

    const rows = await server.db
      .knex('scheduledInterviews')
      .whereIn('uid', [ritas, sams])
      .select('uid', 'scores', 'recommendation', 'scorecardNotes');
    expect(Object.fromEntries(rows.map((row) => [row.uid, row]))).toEqual({
      [ritas]: { uid: ritas, scores: { prospecting: 4, closing: 3 }, recommendation: 'strong_yes', scorecardNotes: 'Ran a crisp discovery call' },
      [sams]: { uid: sams, scores: { closing: 1 }, recommendation: 'no', scorecardNotes: '' },
    });

    const pulled = (await new TestDevice(admin).pull()).scheduledInterviews as ScheduledInterview[];
    expect(pulled.find((row) => row.uid === ritas)).toMatchObject({ scores: { prospecting: 4, closing: 3 }, recommendation: 'strong_yes' });
    expect(pulled.find((row) => row.uid === sams)).toMatchObject({ scores: { closing: 1 }, recommendation: 'no' });
  });

  it('refuses ratings out of range, a criterion the team never had and a writer who is not the interviewer, with clear reasons', async () => {
    const laptop = new TestDevice(rita);
    const { candidateUid, ritas, sams } = await candidateWithTwoInterviews(laptop);
    const res = await laptop.push([
      laptop.mutation('interview.score', { uid: ritas, candidateUid, scores: { closing: 7 } }),
      laptop.mutation('interview.score', { uid: ritas, candidateUid, scores: { charisma: 3 } }),
      laptop.mutation('interview.score', { uid: sams, candidateUid, recommendation: 'yes' }),
      laptop.mutation('interview.score', { uid: ritas, candidateUid, recommendation: 'yes' }),
    ]);
    expect(outcomes(res)).toEqual([
      'Invalid interview.score: scores.closing: A rating must be from 1 to 4',
      '"charisma" is not one of the team\'s scorecard criteria',
      "Only the interview's interviewer can fill its scorecard",
      'applied',
    ]);
    const row = await server.db.knex('scheduledInterviews').where({ uid: sams }).first('recommendation');
    expect(row.recommendation).toBeNull();
  });
});

describe('the team’s scorecard criteria', () => {
  it('are the sales-hiring default until an admin sets them; recruiters read them and cannot change them', async () => {
    const res = await rita.get('/api/scorecard/criteria');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_SCORECARD_CRITERIA);
    expect((await rita.put('/api/scorecard/criteria', { criteria: [{ label: 'Grit' }] })).status).toBe(403);
    expect((await server.client().get('/api/scorecard/criteria')).status).toBe(401);
  });

  it('an admin renames, adds and removes criteria; a removed one is kept retired and its ratings stay valid', async () => {
    const laptop = new TestDevice(rita);
    const { candidateUid, ritas } = await candidateWithTwoInterviews(laptop);
    expect(outcomes(await laptop.push([laptop.mutation('interview.score', { uid: ritas, candidateUid, scores: { coachability: 2 } })]))).toEqual(['applied']);

    const res = await admin.put('/api/scorecard/criteria', {
      criteria: [{ id: 'prospecting', label: 'Pipeline building' }, { id: 'closing', label: 'Closing' }, { label: 'Product knowledge' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.filter((c: { retired?: boolean }) => !c.retired).map((c: { id: string; label: string }) => [c.id, c.label])).toEqual([
      ['prospecting', 'Pipeline building'],
      ['closing', 'Closing'],
      ['product-knowledge', 'Product knowledge'],
    ]);
    expect(res.body.find((c: { id: string }) => c.id === 'coachability')).toEqual({ id: 'coachability', label: 'Coachability', retired: true });
    expect((await rita.get('/api/scorecard/criteria')).body).toEqual(res.body);
    // The new criterion can be rated; the retired one still names the old rating.
    expect(outcomes(await laptop.push([laptop.mutation('interview.score', { uid: ritas, candidateUid, scores: { 'product-knowledge': 3 } })]))).toEqual(['applied']);

    const bad = await admin.put('/api/scorecard/criteria', { criteria: [{ label: 'Closing' }, { label: ' closing ' }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('listed twice');
    expect((await admin.put('/api/scorecard/criteria', { criteria: [] })).status).toBe(400);
    await admin.put('/api/scorecard/criteria', { criteria: DEFAULT_SCORECARD_CRITERIA });
  });
});
