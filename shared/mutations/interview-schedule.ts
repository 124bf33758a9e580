/**
 * interview.schedule: schedules an interview of a candidate, or changes one — its date, start time and
 * zone, duration, interviewer, place or link and note — each field last-writer-wins by clock, so two
 * devices changing different fields offline both keep their change. A new interview needs its date, start
 * time, zone, duration and interviewer. Refused: a candidate that is unknown, deleted or erased, an
 * interviewer who is not a user of the team (the server knows the team; a device offers only its users
 * and takes the server's rows when it refuses), and a change to a cancelled interview (cancels win).
 */
import { z } from 'zod';
import {
  INTERVIEW_NOTE_TEXT_MAX,
  INTERVIEW_PLACE_MAX,
  SCHEDULED_INTERVIEW_LWW_FIELDS,
  durationSchema,
  interviewerIdSchema,
  startTimeSchema,
  timeZoneSchema,
  type ScheduledInterview,
} from '../schemas/scheduled-interview.schema';
import { storableString } from '../schemas/candidate.schema';
import { daySchema, uidSchema } from './args.schema';
import { applied, rejected, REFUSALS, type MutationContext, type MutationOutcome, type MutationStore } from './store';

export const INTERVIEW_REFUSALS = {
  notFound: 'Interview not found',
  cancelled: 'The interview was cancelled',
  otherCandidate: 'That interview belongs to another candidate',
  unknownInterviewer: 'The interviewer is not a user of this team',
  candidateDeleted: 'The candidate was deleted; the interview was not scheduled',
  incomplete: 'A new interview needs a date, a start time, a duration and an interviewer',
} as const;

export const argsSchema = z
  .object({
    uid: uidSchema,
    candidateUid: uidSchema,
    date: daySchema.optional(),
    startTime: startTimeSchema.optional(),
    timeZone: timeZoneSchema.optional(),
    durationMinutes: durationSchema.optional(),
    interviewerId: interviewerIdSchema.optional(),
    place: storableString().trim().max(INTERVIEW_PLACE_MAX, `Must be at most ${INTERVIEW_PLACE_MAX} characters`).optional(),
    note: storableString().max(INTERVIEW_NOTE_TEXT_MAX, `Must be at most ${INTERVIEW_NOTE_TEXT_MAX} characters`).optional(),
  })
  // The three name one instant: a change of any carries all of them.
  .refine(
    (args) => [args.date, args.startTime, args.timeZone].every((v) => v === undefined) || [args.date, args.startTime, args.timeZone].every((v) => v !== undefined),
    { message: 'The date, start time and time zone go together', path: ['date'] },
  )
  .refine((args) => SCHEDULED_INTERVIEW_LWW_FIELDS.some((field) => args[field] !== undefined), 'A schedule must set something');
export type Args = z.infer<typeof argsSchema>;

type Fields = Pick<ScheduledInterview, (typeof SCHEDULED_INTERVIEW_LWW_FIELDS)[number]>;

export async function apply(store: MutationStore, args: Args, ctx: MutationContext): Promise<MutationOutcome> {
  const [candidate] = await store.getCandidates([args.candidateUid]);
  if (!candidate) return rejected(REFUSALS.notFound);
  if (candidate.erased) return rejected(REFUSALS.erased);
  if (candidate.deletedAt) return rejected(INTERVIEW_REFUSALS.candidateDeleted);
  const current = await store.getScheduledInterview(args.uid);
  if (current && current.candidateUid !== args.candidateUid) return rejected(INTERVIEW_REFUSALS.otherCandidate);
  if (current?.deletedAt) return rejected(INTERVIEW_REFUSALS.cancelled);
  if (args.interviewerId !== undefined && !(await store.isTeamMember(args.interviewerId))) return rejected(INTERVIEW_REFUSALS.unknownInterviewer);
  const values: Partial<Fields> = {};
  for (const field of SCHEDULED_INTERVIEW_LWW_FIELDS) if (args[field] !== undefined) (values as Record<string, unknown>)[field] = args[field];
  if (!current) {
    const { date, startTime, timeZone, durationMinutes, interviewerId } = values;
    if (date === undefined || startTime === undefined || timeZone === undefined || durationMinutes === undefined || interviewerId === undefined) {
      return rejected(INTERVIEW_REFUSALS.incomplete);
    }
    await store.putScheduledInterview({
      id: null,
      uid: args.uid,
      candidateUid: args.candidateUid,
      date,
      startTime,
      timeZone,
      durationMinutes,
      interviewerId,
      place: values.place ?? '',
      note: values.note ?? '',
      userId: ctx.userId,
      scores: {},
      recommendation: null,
      scorecardNotes: '',
      fieldClocks: Object.fromEntries(SCHEDULED_INTERVIEW_LWW_FIELDS.map((field) => [field, ctx.hlc])),
      createdAt: ctx.now,
      updatedAt: ctx.now,
      deletedAt: null,
    });
    return applied(1);
  }
  const next: ScheduledInterview = { ...current, fieldClocks: { ...current.fieldClocks } };
  let changed = false;
  for (const field of SCHEDULED_INTERVIEW_LWW_FIELDS) {
    if (!(field in values) || ctx.hlc <= (current.fieldClocks[field] ?? '')) continue;
    (next as Record<string, unknown>)[field] = values[field];
    next.fieldClocks[field] = ctx.hlc;
    changed = true;
  }
  if (!changed) return applied(0, 0, 1);
  await store.putScheduledInterview({ ...next, updatedAt: ctx.now });
  return applied(0, 1);
}
