import { describe, expect, it } from 'vitest';
import { criterionAverages, criteriaShown, formatAverage } from '../interviews/scorecard';
import { DEFAULT_SCORECARD_CRITERIA, nextScorecardCriteria, scorecardCriteriaSchema } from '../schemas/scorecard.schema';
import * as create from './candidate-create';
import * as remove from './candidate-delete';
import { describeIssues } from './index';
import * as cancel from './interview-cancel';
import * as schedule from './interview-schedule';
import * as score from './interview-score';
import { ctx, mapStore, stamp } from './map-store.testing';

const CANDIDATE = '7f1b0c4e-2a59-4d3c-9b8e-0c6f1e2d3a4b';
const FIRST = '3c1e9a52-7b44-4f0e-9d61-2a8b5c7d9e10';
const SECOND = '5d2f8b63-8c55-4a1f-8e72-3b9c6d8e0f21';
const slot = { candidateUid: CANDIDATE, date: '2026-12-01', startTime: '09:30', timeZone: 'Europe/Berlin', durationMinutes: 45 };

/** A candidate with two interviews the same day: user 1 interviews in the first, user 2 in the second. */
async function twoInterviews() {
  const store = mapStore();
  await create.apply(store, { uid: CANDIDATE, name: 'Ana', email: 'ana@x.io', status: 'interview', notes: '', skills: '' }, ctx(1));
  await schedule.apply(store, { uid: FIRST, ...slot, interviewerId: 1 }, ctx(2));
  await schedule.apply(store, { uid: SECOND, ...slot, startTime: '11:00', interviewerId: 2 }, ctx(3));
  return store;
}

const server = (n: number, userId: number) => ({ ...ctx(n), userId, role: 'recruiter' as const });
const refusal = (args: unknown) => {
  const parsed = score.argsSchema.safeParse(args);
  return parsed.success ? null : describeIssues(parsed.error.issues);
};

describe('interview.score', () => {
  it('rates criteria, recommends and writes notes, each rating last-writer-wins by clock', async () => {
    const store = await twoInterviews();
    await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, scores: { prospecting: 3, closing: 2 } }, ctx(4));
    await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, recommendation: 'yes' }, ctx(5));
    await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, notes: 'Strong opener', notesBase: '' }, ctx(6));
    // An older rating of closing (written offline earlier) loses; a later one of prospecting wins.
    await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, scores: { closing: 4, prospecting: 4 } }, ctx(4));
    await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, scores: { prospecting: null, discovery: 1 } }, ctx(7));
    expect(store.interviews.get(FIRST)).toMatchObject({
      scores: { closing: 2, discovery: 1 },
      recommendation: 'yes',
      scorecardNotes: 'Strong opener',
      fieldClocks: { 'score:prospecting': stamp(7), 'score:closing': stamp(4), recommendation: stamp(5) },
    });
  });

  it('keeps two interviewers’ scorecards for the same candidate the same day apart', async () => {
    const store = await twoInterviews();
    expect(await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, scores: { closing: 4 }, recommendation: 'strong_yes' }, server(4, 1))).toMatchObject({ status: 'applied', updated: 1 });
    expect(await score.apply(store, { uid: SECOND, candidateUid: CANDIDATE, scores: { closing: 1 }, recommendation: 'no' }, server(5, 2))).toMatchObject({ status: 'applied', updated: 1 });
    expect(store.interviews.get(FIRST)).toMatchObject({ scores: { closing: 4 }, recommendation: 'strong_yes' });
    expect(store.interviews.get(SECOND)).toMatchObject({ scores: { closing: 1 }, recommendation: 'no' });
    const closing = criterionAverages(DEFAULT_SCORECARD_CRITERIA, [...store.interviews.values()]).find((a) => a.criterion.id === 'closing');
    expect(closing).toMatchObject({ average: 2.5, count: 2 });
  });

  it('merges notes written on two devices offline by line, losing none', async () => {
    const store = await twoInterviews();
    await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, notes: 'Intro', notesBase: '' }, ctx(4));
    await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, notes: 'Intro\nAsked about quota', notesBase: 'Intro' }, ctx(5));
    await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, notes: 'Intro\nRole-play went well', notesBase: 'Intro' }, ctx(6));
    const notes = store.interviews.get(FIRST)!.scorecardNotes.split('\n');
    expect(notes).toEqual(expect.arrayContaining(['Intro', 'Asked about quota', 'Role-play went well']));
  });

  it('refuses another user than the interviewer, a criterion the team never had, a cancelled interview and a deleted candidate', async () => {
    const store = await twoInterviews();
    expect(await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, recommendation: 'yes' }, server(4, 2))).toMatchObject({
      status: 'rejected',
      reason: "Only the interview's interviewer can fill its scorecard",
    });
    expect(await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, scores: { charisma: 3 } }, server(4, 1))).toMatchObject({
      status: 'rejected',
      reason: '"charisma" is not one of the team\'s scorecard criteria',
    });
    await cancel.apply(store, { uid: SECOND, candidateUid: CANDIDATE }, ctx(5));
    expect(await score.apply(store, { uid: SECOND, candidateUid: CANDIDATE, recommendation: 'no' }, server(6, 2))).toMatchObject({ reason: 'The interview was cancelled' });
    await remove.apply(store, { uid: CANDIDATE }, ctx(7));
    expect(await score.apply(store, { uid: FIRST, candidateUid: CANDIDATE, recommendation: 'no' }, server(8, 1))).toMatchObject({ status: 'rejected' });
    expect(store.interviews.get(FIRST)).toMatchObject({ scores: {}, recommendation: null });
  });

  it('refuses ratings out of range, unknown recommendations and empty changes with clear messages', () => {
    const base = { uid: FIRST, candidateUid: CANDIDATE };
    expect(refusal({ ...base, scores: { closing: 5 } })).toBe('scores.closing: A rating must be from 1 to 4');
    expect(refusal({ ...base, scores: { closing: 0 } })).toBe('scores.closing: A rating must be from 1 to 4');
    expect(refusal({ ...base, scores: { closing: 2.5 } })).toBe('scores.closing: A rating must be a whole number from 1 to 4');
    expect(refusal({ ...base, recommendation: 'maybe' })).toBe('recommendation: The recommendation must be Strong no, No, Yes or Strong yes');
    expect(refusal({ ...base, notes: 'x' })).toBe('notesBase: Notes travel with the text they started from');
    expect(refusal(base)).toBe('A scorecard change must set something');
    expect(refusal({ ...base, scores: { closing: 4 } })).toBeNull();
  });
});

describe('scorecard criteria', () => {
  it('keeps a removed criterion as retired, revives it by name, and gives new names new ids', () => {
    const renamed = nextScorecardCriteria(DEFAULT_SCORECARD_CRITERIA, {
      criteria: [{ id: 'prospecting', label: 'Pipeline building' }, { id: 'closing', label: 'Closing' }, { label: 'Product knowledge' }],
    });
    expect(renamed.map((c) => [c.id, c.label, c.retired ?? false])).toEqual([
      ['prospecting', 'Pipeline building', false],
      ['closing', 'Closing', false],
      ['product-knowledge', 'Product knowledge', false],
      ['discovery', 'Discovery', true],
      ['objection-handling', 'Objection handling', true],
      ['coachability', 'Coachability', true],
    ]);
    expect(scorecardCriteriaSchema.safeParse(renamed).success).toBe(true);
    const revived = nextScorecardCriteria(renamed, { criteria: [{ label: 'discovery' }] });
    expect(revived[0]).toEqual({ id: 'discovery', label: 'discovery' });
    expect(revived.filter((c) => !c.retired)).toHaveLength(1);
  });

  it('refuses duplicate names and an empty scorecard', () => {
    const twice = scorecardCriteriaSchema.safeParse([{ id: 'a', label: 'Closing' }, { id: 'b', label: 'closing' }]);
    expect(twice.success ? null : twice.error.issues[0]!.message).toBe('"closing" is listed twice');
    const none = scorecardCriteriaSchema.safeParse([{ id: 'a', label: 'Closing', retired: true }]);
    expect(none.success ? null : none.error.issues[0]!.message).toBe('A scorecard needs at least one criterion');
  });

  it('averages per criterion, showing retired criteria only where rated', () => {
    const criteria = [...DEFAULT_SCORECARD_CRITERIA, { id: 'grit', label: 'Grit', retired: true }, { id: 'old', label: 'Old', retired: true }];
    const cards: Array<{ scores: Record<string, number>; deletedAt: string | null }> = [
      { scores: { closing: 4, grit: 2 }, deletedAt: null },
      { scores: { closing: 3 }, deletedAt: null },
      { scores: { closing: 1 }, deletedAt: '2026-01-01T00:00:00.000Z' },
    ];
    const averages = criterionAverages(criteria, cards);
    expect(averages.map((a) => a.criterion.id)).toEqual(['prospecting', 'discovery', 'objection-handling', 'closing', 'coachability', 'grit']);
    expect(averages.find((a) => a.criterion.id === 'closing')).toMatchObject({ average: 3.5, count: 2 });
    expect(formatAverage(averages[0]!.average)).toBe('–');
    expect(criteriaShown([], [{ scores: { mystery: 2 } }])).toEqual([{ id: 'mystery', label: 'mystery', retired: true }]);
  });
});
