/**
 * Scheduled interviews: a candidate's interview at a date and start time (wall-clock in the zone it was
 * scheduled in, so the instant is fixed wherever it is read), its length, the interviewer (a user of the
 * team), where (a place or a meeting link) and an optional note. Team data: every user's devices hold
 * every scheduled interview, like candidates. Written only by interview.schedule / interview.cancel.
 */
import { z } from 'zod';
import { isValidTimeZone, parseDay, zonedTimeToEpochMs } from '../format/time-zone';

export const INTERVIEW_DURATION = { min: 15, max: 480 } as const;
export const INTERVIEW_PLACE_MAX = 500;
export const INTERVIEW_NOTE_TEXT_MAX = 2000;

/** A start time, HH:mm on a 24-hour clock. */
export const startTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time HH:mm (00:00 to 23:59)');
export const durationSchema = z
  .number({ message: 'Duration must be a number of minutes' })
  .int('Duration must be a whole number of minutes')
  .min(INTERVIEW_DURATION.min, `Duration must be at least ${INTERVIEW_DURATION.min} minutes`)
  .max(INTERVIEW_DURATION.max, `Duration must be at most ${INTERVIEW_DURATION.max} minutes (8 hours)`);
export const timeZoneSchema = z.string().max(100).refine(isValidTimeZone, 'Must be a known IANA time zone');
export const interviewerIdSchema = z.number({ message: 'Choose an interviewer' }).int('Choose an interviewer').positive('Choose an interviewer');

/** The synced record. */
export const scheduledInterviewSchema = z.object({
  id: z.number().int().nullable(),
  uid: z.uuid(),
  candidateUid: z.uuid(),
  /** yyyy-MM-dd in `timeZone`. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  startTime: z.string(),
  timeZone: z.string(),
  durationMinutes: z.number().int(),
  /** Null once the interviewer's account was deleted. */
  interviewerId: z.number().int().nullable(),
  place: z.string(),
  note: z.string(),
  /** Who scheduled it. */
  userId: z.number().int().nullable(),
  /**
   * The interviewer's scorecard (written by interview.score): a rating 1–4 per criterion id of the
   * team's scorecard (scorecard.schema.ts), the overall recommendation and the interviewer's notes.
   * Absent from rows an older server sends: empty.
   */
  scores: z.record(z.string(), z.number().int()).default({}),
  recommendation: z.enum(['strong_no', 'no', 'yes', 'strong_yes']).nullable().default(null),
  scorecardNotes: z.string().default(''),
  fieldClocks: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type ScheduledInterview = z.infer<typeof scheduledInterviewSchema>;

/** The fields a schedule sets, each last-writer-wins by clock. */
export const SCHEDULED_INTERVIEW_LWW_FIELDS = ['date', 'startTime', 'timeZone', 'durationMinutes', 'interviewerId', 'place', 'note'] as const;

/** When the interview starts and ends (epoch ms). */
export function interviewSpan(row: Pick<ScheduledInterview, 'date' | 'startTime' | 'timeZone' | 'durationMinutes'>): { start: number; end: number } {
  const day = parseDay(row.date);
  const [hour, minute] = row.startTime.split(':').map(Number);
  if (!day || hour === undefined || minute === undefined) throw new Error(`Not a schedulable time: ${row.date} ${row.startTime}`);
  const start = zonedTimeToEpochMs({ ...day, hour, minute }, row.timeZone);
  return { start, end: start + row.durationMinutes * 60_000 };
}

/** A place that is a meeting link (shown as a link): an http(s) URL and nothing else. */
export function meetingLinkOf(place: string): string | null {
  const text = place.trim();
  if (!/^https?:\/\/\S+$/i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
