/**
 * Candidates, experiences and interview notes: the synced entities. Both the device (Dexie) and the
 * server (PostgreSQL) hold the same shapes; `uid` identifies a record everywhere, `id` is the server's
 * integer id used by the REST API (null on a device until the record has been synced).
 */
import { z } from 'zod';
import { PACIFIC_TIME_ZONE } from '../format/dates';
import { parseDateCell } from '../import/cell-values';
import { CANDIDATE_STATUSES, type CandidateStatus } from './candidate-statuses';

export { CANDIDATE_STATUSES, type CandidateStatus };
export const DEFAULT_STATUS: CandidateStatus = 'new';
/** "In Progress" on the dashboard. */
export const IN_PROGRESS_STATUSES: readonly CandidateStatus[] = ['new', 'screening', 'interview', 'assessment', 'offer'];
/** The table row dropdown and the pipeline stage buttons offer only these, with these labels. */
export const ROW_STATUS_LABELS = {
  new: 'All Candidates',
  interview: 'Interviewed',
  hired: 'Hired',
  rejected: 'Turned Down',
} as const satisfies Partial<Record<CandidateStatus, string>>;

export const statusSchema = z.enum(CANDIDATE_STATUSES, {
  message: `Status must be one of: ${CANDIDATE_STATUSES.join(', ')}`,
});

export const NAME_MAX = 200;
export const EMAIL_MAX = 254;
export const SHORT_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 20_000;
export const NOTES_MAX = 200_000;

/** A NUL character, or half of a UTF-16 surrogate pair (half an emoji): text PostgreSQL cannot store. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (text: string) => !UNSTORABLE.test(text);
export const UNSTORABLE_MESSAGE = 'Contains a character that cannot be stored';

/** A string that can be stored: refused with a message naming the problem (the field is named by its key). */
export const storableString = () => z.string().refine(isStorableText, UNSTORABLE_MESSAGE);

const shortText = storableString().trim().max(SHORT_TEXT_MAX, `Must be at most ${SHORT_TEXT_MAX} characters`);
const longText = storableString().max(LONG_TEXT_MAX, `Must be at most ${LONG_TEXT_MAX} characters`);

/** The years an applied date may fall in (PostgreSQL and every device store those; a typo like 0202 does not slip in). */
export const APPLIED_YEARS = { from: 1900, to: 2100 } as const;
export const APPLIED_DATE_MESSAGE = 'Must be a date (2026-11-22, 11/22/2026, Nov 22, 2026) or an ISO date-time';

/**
 * An applied date: an ISO date-time, or any date the import reads ('2026-11-22', '11/22/2026',
 * 'Nov 22, 2026', '22 November 2026', a spreadsheet serial, each with or without a time), through the
 * import's one date reader. A date alone is kept as that calendar day (midnight UTC, see format/dates.ts).
 * A time without a zone is read as Pacific time, the zone the candidates table shows: '3:15 PM' sent is
 * '3:15 PM PST' seen. What the reader does not know goes to the ISO check below as sent.
 */
const isoDate = z
  .string({ message: APPLIED_DATE_MESSAGE })
  .transform((value) => {
    const cell = parseDateCell(value, PACIFIC_TIME_ZONE);
    return cell.kind === 'date' ? cell.iso : value.trim();
  })
  .pipe(
    z.iso.datetime({ offset: true, message: APPLIED_DATE_MESSAGE, abort: true }).refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= APPLIED_YEARS.from && year <= APPLIED_YEARS.to;
    }, `Must be a date between the years ${APPLIED_YEARS.from} and ${APPLIED_YEARS.to}`),
  );

export const candidateEmailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .refine(isStorableText, UNSTORABLE_MESSAGE)
  .email('Please enter a valid email address');

/** The fields a person or an integration may set on a candidate. */
export const candidateFieldsSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
    .refine(isStorableText, UNSTORABLE_MESSAGE),
  email: candidateEmailSchema,
  phone: shortText.nullable().optional(),
  location: shortText.nullable().optional(),
  status: statusSchema.default(DEFAULT_STATUS),
  appliedDate: isoDate.optional(),
  source: shortText.nullable().optional(),
  experience: longText.nullable().optional(),
  // Spec: skills and notes are optional strings that become '' when missing.
  skills: longText.optional().default(''),
  notes: storableString().max(NOTES_MAX, `Must be at most ${NOTES_MAX} characters`).optional().default(''),
});
export type CandidateFields = z.output<typeof candidateFieldsSchema>;
export type CandidateFieldsInput = z.input<typeof candidateFieldsSchema>;

/** Fields merged per field, last writer wins by HLC (see shared/sync/merge.ts). */
export const CANDIDATE_LWW_FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'status',
  'appliedDate',
  'source',
  'experience',
  'skills',
  'notes',
] as const;
export type CandidateLwwField = (typeof CANDIDATE_LWW_FIELDS)[number];

/** A candidate as stored and synced. Dates are ISO strings. */
export const candidateSchema = z.object({
  id: z.number().int().nullable(),
  uid: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  status: statusSchema,
  appliedDate: z.string(),
  statusChangedAt: z.string().nullable(),
  source: z.string().nullable(),
  experience: z.string().nullable(),
  skills: z.string(),
  notes: z.string(),
  userId: z.number().int().nullable(),
  /** Per-field hybrid logical clock stamps of the last accepted write. */
  fieldClocks: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const experienceSchema = z.object({
  id: z.number().int().nullable(),
  uid: z.uuid(),
  candidateUid: z.uuid(),
  title: z.string(),
  company: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  description: z.string().nullable(),
  current: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type Experience = z.infer<typeof experienceSchema>;

export const experienceInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(SHORT_TEXT_MAX),
  company: z.string().trim().min(1, 'Company is required').max(SHORT_TEXT_MAX),
  startDate: z.string().trim().min(1, 'Start date is required').max(50),
  endDate: z.string().trim().max(50).nullable().optional(),
  description: longText.nullable().optional(),
  current: z.boolean().default(false),
});

/**
 * An interview note: at most one per candidate per interview day. `day` is the calendar date
 * (yyyy-MM-dd, in the writer's time zone) the note belongs to; its uid is derived from the candidate's
 * uid and the day (see shared/sync/ids.ts), so two devices writing that day's note offline write the
 * same record and merge instead of duplicating.
 */
export const interviewNoteSchema = z.object({
  id: z.number().int().nullable(),
  uid: z.uuid(),
  candidateUid: z.uuid(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  note: z.string(),
  userId: z.number().int().nullable(),
  fieldClocks: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type InterviewNote = z.infer<typeof interviewNoteSchema>;
