/** A MutationStore over Maps for the mutations' own tests: it only keeps rows; every rule is the mutation's. */
import { normalizeEmail } from '../candidates/email';
import type { Candidate, InterviewNote } from '../schemas/candidate.schema';
import { formatHlc } from '../sync/hlc';
import type { SavedView } from '../schemas/saved-view.schema';
import type { ScheduledInterview } from '../schemas/scheduled-interview.schema';
import { DEFAULT_SCORECARD_CRITERIA } from '../schemas/scorecard.schema';
import type { MutationStore } from './store';

export function mapStore(): MutationStore & {
  candidates: Map<string, Candidate>;
  views: Map<string, SavedView>;
  interviews: Map<string, ScheduledInterview>;
  /** The team's user ids (1 and 2 unless a test changes it). */
  team: Set<number>;
} {
  const candidates = new Map<string, Candidate>();
  const views = new Map<string, SavedView>();
  const notes = new Map<string, InterviewNote>();
  const interviews = new Map<string, ScheduledInterview>();
  const team = new Set([1, 2]);
  return {
    candidates,
    views,
    interviews,
    team,
    getScheduledInterview: async (uid) => interviews.get(uid),
    putScheduledInterview: async (row) => void interviews.set(row.uid, row),
    scheduledInterviewsOf: async (candidateUid) => [...interviews.values()].filter((row) => row.candidateUid === candidateUid && !row.deletedAt),
    isTeamMember: async (userId) => team.has(userId),
    scorecardCriterionIds: async () => new Set(DEFAULT_SCORECARD_CRITERIA.map((criterion) => criterion.id)),
    getSavedView: async (uid) => views.get(uid),
    putSavedView: async (row) => void views.set(row.uid, row),
    getCandidates: async (uids) => uids.map((uid) => candidates.get(uid)),
    liveCandidatesByEmail: async (keys) => [...candidates.values()].filter((c) => !c.deletedAt && keys.includes(normalizeEmail(c.email))),
    putCandidates: async (rows) => {
      for (const row of rows) candidates.set(row.uid, row);
    },
    getInterviewNote: async (uid) => notes.get(uid),
    liveInterviewNoteFor: async () => undefined,
    putInterviewNote: async (row) => void notes.set(row.uid, row),
    interviewNotesOf: async () => [],
    recordEvents: () => {},
  };
}

/** The n-th write's stamp and context, one second apart. */
export const stamp = (n: number) => formatHlc({ millis: 1_700_000_000_000 + n * 1000, counter: 0, node: 'dev' });
export const ctx = (n: number) => ({ hlc: stamp(n), now: '2026-11-24T10:00:00.000Z', userId: 1 });
