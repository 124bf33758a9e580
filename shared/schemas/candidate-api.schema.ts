/**
 * Candidates as the REST API (spec section 7) shows them, and the bodies its candidate calls take.
 * The synced record (candidate.schema.ts) carries more (field clocks, tombstones); REST never shows
 * deleted candidates.
 */
import { z } from 'zod';
import { candidateSchema } from './candidate.schema';
import { candidateChangesSchema, importRowSchema } from '../sync/protocol.schema';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

export const candidateDtoSchema = candidateSchema
  .omit({ fieldClocks: true, deletedAt: true })
  .extend({ id: z.number().int() });
export type CandidateDto = z.infer<typeof candidateDtoSchema>;

/**
 * PATCH /api/candidates/:id: any of the editable fields (the spec's dialog sends status and notes).
 * A status change appends the dated status line, as the device does.
 */
export const candidatePatchSchema = candidateChangesSchema;
export type CandidatePatch = z.infer<typeof candidatePatchSchema>;

/**
 * A candidate arriving from an integration (Zapier, a web form): name and email required, the rest
 * optional with no defaults, so an arrival for a known email changes only what it carries.
 */
export const candidateArrivalSchema = importRowSchema.omit({ uid: true });
export type CandidateArrival = z.infer<typeof candidateArrivalSchema>;

export const CANDIDATE_EVENT_KINDS = ['overwritten', 'rejected', 'deleted', 'merged', 'conflict', 'restored'] as const;
export const WRITE_ORIGINS = ['sync', 'rest', 'zapier', 'form', 'import', 'dedup'] as const;
export type WriteOrigin = (typeof WRITE_ORIGINS)[number];

/** One lost value in a candidate's history (GET /api/candidates/:id/history). */
export const candidateEventSchema = z.object({
  id: z.number().int(),
  candidateId: z.number().int(),
  candidateUid: z.uuid(),
  /** A candidate field, '*' for the whole record (deletion), or 'interviewNote:yyyy-MM-dd'. */
  field: z.string(),
  kind: z.enum(CANDIDATE_EVENT_KINDS),
  /** The value that was lost: the old one (overwritten, deleted) or the refused incoming one (rejected). */
  value: z.unknown(),
  clock: z.string().nullable(),
  origin: z.enum(WRITE_ORIGINS),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** The writer's display name, when they set one (the history shows it rather than the username). */
  displayName: z.string().nullable().default(null),
  clientId: z.string().nullable(),
  mutationId: z.number().int().nullable(),
  /** For an integration's change (origin zapier or form): the name of the API key it came with. */
  apiKeyName: z.string().nullable().default(null),
  createdAt: z.string(),
});
export type CandidateEvent = z.infer<typeof candidateEventSchema>;

/**
 * POST /api/candidates/:id/erase (admin): the candidate erased for privacy. `records`: how many records
 * were erased now (it and deleted duplicates with its email); 0 when it had been erased before.
 */
export const candidateErasureSchema = z.object({
  id: z.number().int(),
  uid: z.uuid(),
  erasedAt: z.string(),
  records: z.number().int(),
});
export type CandidateErasure = z.infer<typeof candidateErasureSchema>;

/** POST /api/candidates/import: the spec's import summary; errors name the file they came from. */
export const importSummarySchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.string()),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const deduplicateResultSchema = z.object({
  duplicatesRemoved: z.number().int(),
  totalCandidates: z.number().int(),
});
export const dedupNowResultSchema = z.object({ duplicatesRemoved: z.number().int() });

export const interviewNoteDtoSchema = z.object({
  id: z.number().int(),
  uid: z.uuid(),
  candidateId: z.number().int(),
  day: z.string(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InterviewNoteDto = z.infer<typeof interviewNoteDtoSchema>;

/** GET /api/interview-notes/day/:date — the spec's "Interview entry": a candidate and its optional note. */
export const interviewEntryDtoSchema = z.object({
  candidate: candidateDtoSchema,
  note: interviewNoteDtoSchema.nullable(),
});

const timeZoneSchema = z.string().trim().min(1).max(64);
export const interviewDayQuerySchema = z.object({ tz: timeZoneSchema.optional() });

export const interviewNoteTextSchema = z.string({ message: 'Note must be text' }).max(50_000, 'Note is too long');

export const createInterviewNoteSchema = z.object({
  candidateId: z.number({ message: 'candidateId must be a number' }).int().positive(),
  // The spec allows an empty note.
  note: interviewNoteTextSchema,
  /** The interview day (yyyy-MM-dd); default: today in `tz` (default UTC). */
  day: z.string().regex(YMD, 'Day must be a yyyy-MM-dd date').optional(),
  tz: timeZoneSchema.optional(),
});
export const updateInterviewNoteSchema = z.object({ note: interviewNoteTextSchema });
