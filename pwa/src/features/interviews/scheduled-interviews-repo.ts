/**
 * Scheduled interviews on the device: each change is an interview.schedule or interview.cancel
 * mutation, applied to the device's rows and queued in one transaction (so it works offline and syncs
 * to every user's devices), its arguments validated with the shared schema first. Reads answer the
 * team's live interviews by candidate, or those starting within a span of instants (the date index is
 * the date in the zone each was scheduled in, so a day either side is read and the instants decide).
 */
import { interviewSpan, SCHEDULED_INTERVIEW_LWW_FIELDS, type ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { shiftDay, toDayString } from '@shared/format/time-zone';
import { newUid } from '@shared/sync/ids';
import { mutationArgsSchemas, type MutationArgs } from '@shared/sync/protocol.schema';
import type { MutationName } from '@shared/mutations/index';
import { appDb } from '@/db/app-db';
import type { RepHireDb } from '@/db/database';
import { notifyLocalWrite } from '@/db/local-writes';
import { RecordNotFoundError, parseOrThrow } from '@/db/repo-errors';
import { writeMutation, type PrepareMutation, type PreparedMutation } from '@/sync/outbox';

/** What the schedule form gives: every field of the interview. */
export interface InterviewPlan {
  date: string;
  startTime: string;
  timeZone: string;
  durationMinutes: number;
  interviewerId: number;
  place: string;
  note: string;
}

/** A change interview mode saves: usually one field at a time. */
export type ScorecardChange = Omit<MutationArgs<'interview.score'>, 'uid' | 'candidateUid'>;

function scorecardChangeLabel(change: ScorecardChange): string {
  const parts = [...Object.keys(change.scores ?? {}).map((id) => `rating of ${id}`)];
  if (change.recommendation !== undefined) parts.push('recommendation');
  if (change.notes !== undefined) parts.push('notes');
  return parts.join(', ');
}

const byStart = (a: ScheduledInterview, b: ScheduledInterview) => interviewSpan(a).start - interviewSpan(b).start || a.uid.localeCompare(b.uid);

export function createScheduledInterviewsRepo(db: RepHireDb) {
  async function liveCandidateName(candidateUid: string): Promise<string> {
    const candidate = await db.candidates.get(candidateUid);
    if (!candidate || candidate.deletedAt) throw new RecordNotFoundError('Candidate not found');
    return candidate.name;
  }

  async function liveInterview(uid: string): Promise<ScheduledInterview> {
    const interview = await db.scheduledInterviews.get(uid);
    if (!interview || interview.deletedAt) throw new RecordNotFoundError('Interview not found');
    return interview;
  }

  /**
   * Writes the mutation `prepare` makes, inside the write's transaction: what it reads there is what the
   * write applies to, so quick changes (a 2 then a 3 on the scorecard) are stored in the order they were
   * made, whatever order separate reads would end in. A rejection means the interview is gone.
   */
  async function write<N extends MutationName>(prepare: PrepareMutation<N>): Promise<void> {
    const written = await writeMutation(db, prepare);
    if (written?.outcome.status === 'rejected') throw new RecordNotFoundError(written.outcome.reason ?? 'Interview not found');
    if (written) notifyLocalWrite(db);
  }

  return {
    /** Schedules a new interview of the candidate; resolves with its uid. */
    async scheduleInterview(candidateUid: string, plan: InterviewPlan): Promise<string> {
      const uid = newUid();
      const args = parseOrThrow(mutationArgsSchemas['interview.schedule'], { uid, candidateUid, ...plan });
      await write(async () => ({
        name: 'interview.schedule',
        args,
        label: `Schedule an interview with ${await liveCandidateName(candidateUid)} (${plan.date} ${plan.startTime})`,
      }));
      return uid;
    },

    /** Changes an interview: only the fields that differ are sent, so others' changes to the rest stay. */
    async changeInterview(uid: string, plan: InterviewPlan): Promise<void> {
      await write(async (): Promise<PreparedMutation<'interview.schedule'> | null> => {
        const current = await liveInterview(uid);
        const changes: Partial<InterviewPlan> = {};
        for (const field of SCHEDULED_INTERVIEW_LWW_FIELDS) if (plan[field] !== current[field]) (changes as Record<string, unknown>)[field] = plan[field];
        // The date, start time and zone name one instant: a change to any carries all three.
        if ('date' in changes || 'startTime' in changes || 'timeZone' in changes) Object.assign(changes, { date: plan.date, startTime: plan.startTime, timeZone: plan.timeZone });
        if (Object.keys(changes).length === 0) return null;
        return {
          name: 'interview.schedule',
          args: parseOrThrow(mutationArgsSchemas['interview.schedule'], { uid, candidateUid: current.candidateUid, ...changes }),
          label: `Change the interview with ${await liveCandidateName(current.candidateUid)}`,
        };
      });
    },

    async cancelInterview(uid: string): Promise<void> {
      await writeMutation(db, async (): Promise<PreparedMutation<'interview.cancel'>> => {
        const current = await liveInterview(uid);
        return {
          name: 'interview.cancel',
          args: parseOrThrow(mutationArgsSchemas['interview.cancel'], { uid, candidateUid: current.candidateUid }),
          label: `Cancel the interview with ${await liveCandidateName(current.candidateUid).catch(() => 'a candidate')} (${current.date} ${current.startTime})`,
        };
      });
      notifyLocalWrite(db);
    },

    /**
     * Changes the interview's scorecard (interview.score): ratings, the recommendation, and the notes
     * with the text the edit started from. Resolves once it is on this device.
     */
    async scoreInterview(uid: string, change: ScorecardChange): Promise<void> {
      await write(async (): Promise<PreparedMutation<'interview.score'>> => {
        const current = await liveInterview(uid);
        return {
          name: 'interview.score',
          args: parseOrThrow(mutationArgsSchemas['interview.score'], { uid, candidateUid: current.candidateUid, ...change }),
          label: `Score the interview with ${await liveCandidateName(current.candidateUid)} (${scorecardChangeLabel(change)})`,
        };
      });
    },

    /**
     * An interview with the candidate starting now (rounded down to the minute), interviewed by
     * `interviewerId`, for Start interview on a candidate with none scheduled; resolves with its uid.
     */
    async startInterviewNow(candidateUid: string, interviewerId: number, timeZone: string, now = Date.now()): Promise<string> {
      const start = new Date(now);
      const date = toDayString(now, timeZone);
      const startTime = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start);
      return this.scheduleInterview(candidateUid, { date, startTime, timeZone, durationMinutes: 60, interviewerId, place: '', note: '' });
    },

    /** The candidate's live interviews, earliest first. */
    async interviewsOfCandidate(candidateUid: string): Promise<ScheduledInterview[]> {
      const rows = await db.scheduledInterviews.where('candidateUid').equals(candidateUid).toArray();
      return rows.filter((row) => !row.deletedAt).sort(byStart);
    },

    /** Live interviews starting at or after `from` and before `to` (epoch ms), earliest first. */
    async interviewsStartingBetween(from: number, to: number): Promise<ScheduledInterview[]> {
      // A date in any zone is within a day of the same instant's date in UTC.
      const low = shiftDay(toDayString(from, 'UTC'), -1);
      const high = shiftDay(toDayString(to, 'UTC'), 1);
      const rows = await db.scheduledInterviews.where('date').between(low, high, true, true).toArray();
      return rows
        .filter((row) => {
          if (row.deletedAt) return false;
          const { start } = interviewSpan(row);
          return start >= from && start < to;
        })
        .sort(byStart);
    },
  };
}

export type ScheduledInterviewsRepo = ReturnType<typeof createScheduledInterviewsRepo>;

export const scheduledInterviewsRepo: ScheduledInterviewsRepo = createScheduledInterviewsRepo(appDb);
