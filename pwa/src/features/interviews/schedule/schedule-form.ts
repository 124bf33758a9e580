/**
 * The Schedule interview form's values and their checks: the shared schedule pieces (the same messages
 * the server gives), with the place and note optional. The zone is the device's, added on submit.
 */
import { z } from 'zod';
import { daySchema } from '@shared/mutations/args.schema';
import {
  INTERVIEW_NOTE_TEXT_MAX,
  INTERVIEW_PLACE_MAX,
  durationSchema,
  interviewerIdSchema,
  startTimeSchema,
} from '@shared/schemas/scheduled-interview.schema';

export const scheduleFormSchema = z.object({
  date: daySchema,
  startTime: startTimeSchema,
  durationMinutes: durationSchema,
  interviewerId: interviewerIdSchema,
  place: z.string().trim().max(INTERVIEW_PLACE_MAX, `Must be at most ${INTERVIEW_PLACE_MAX} characters`),
  note: z.string().max(INTERVIEW_NOTE_TEXT_MAX, `Must be at most ${INTERVIEW_NOTE_TEXT_MAX} characters`),
});
export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;

export const DURATION_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240] as const;
