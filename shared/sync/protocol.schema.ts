/**
 * The sync protocol's wire format (see ARCHITECTURE.md, "Sync protocol").
 *
 * Push: a device sends its outbox, `{clientId, mutations}`; each mutation has a per-client id (1, 2, 3…
 * with no gaps), an intent name, its arguments and the HLC stamp of the write. The server applies each
 * mutation once, in order, in its own transaction; a mutation that fails validation is recorded as
 * rejected (with a reason) and still acknowledged, so the queue never jams. Replays are skipped; a gap
 * stops the push.
 *
 * Pull: a device asks for rows changed since its opaque cursor, page by page, and learns the id of its
 * last mutation whose effects are included in what it has pulled (`lastMutationId`); it then drops
 * those outbox entries and replays the rest on top of the pulled rows (rebase).
 */
import { z } from 'zod';
import {
  candidateFieldsSchema,
  candidateSchema,
  experienceSchema,
  interviewNoteSchema,
  statusSchema,
  NOTES_MAX,
} from '../schemas/candidate.schema';
import { isHlc } from './hlc';

export const MAX_MUTATIONS_PER_PUSH = 200;
export const MAX_IMPORT_ROWS_PER_MUTATION = 1000;
export const PULL_PAGE_SIZE = 2000;
export const NOTE_LINE_MAX = 2000;
export const INTERVIEW_NOTE_MAX = 50_000;

const uid = z.uuid({ message: 'Must be a uuid' });
const hlc = z.string().refine(isHlc, 'Must be a clock stamp');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a yyyy-MM-dd date');

/** Changed fields of a candidate.update: any subset of the editable fields, at least one. */
export const candidateChangesSchema = candidateFieldsSchema
  .partial()
  .extend({
    // Without defaults: an update carries only the fields that changed.
    skills: z.string().max(20_000).optional(),
    notes: z.string().max(NOTES_MAX).optional(),
    status: statusSchema.optional(),
  })
  .refine((changes) => Object.keys(changes).length > 0, 'An update must change at least one field');
export type CandidateChanges = z.infer<typeof candidateChangesSchema>;

export const candidateCreateArgsSchema = candidateFieldsSchema.extend({ uid });
export type CandidateCreateArgs = z.infer<typeof candidateCreateArgsSchema>;

/**
 * One imported row: name, email and the uid the device gave it; other fields only when the file had
 * them (no defaults), so updating an existing candidate never blanks or resets what the file lacks.
 */
export const importRowSchema = candidateFieldsSchema
  .partial()
  .extend({
    uid,
    name: candidateFieldsSchema.shape.name,
    email: candidateFieldsSchema.shape.email,
    status: statusSchema.optional(),
    skills: z.string().max(20_000).optional(),
    notes: z.string().max(NOTES_MAX).optional(),
  });
export type ImportRow = z.infer<typeof importRowSchema>;

export const mutationArgsSchemas = {
  'candidate.create': candidateCreateArgsSchema,
  'candidate.update': z.object({ uid, changes: candidateChangesSchema }),
  'candidate.setStatus': z.object({
    uid,
    status: statusSchema,
    /** A dated note line to append with the change (the table's status dropdown and Turn Down). */
    noteLine: z.string().trim().min(1).max(NOTE_LINE_MAX).optional(),
  }),
  'candidate.appendNote': z.object({ uid, line: z.string().trim().min(1).max(NOTE_LINE_MAX) }),
  'candidate.delete': z.object({ uid }),
  'candidates.import': z.object({
    rows: z.array(importRowSchema).min(1).max(MAX_IMPORT_ROWS_PER_MUTATION),
    /** The file the rows came from, for messages. */
    fileName: z.string().max(255).optional(),
  }),
  'interviewNote.save': z.object({
    uid,
    candidateUid: uid,
    day,
    note: z.string().max(INTERVIEW_NOTE_MAX),
  }),
} as const;

export type MutationName = keyof typeof mutationArgsSchemas;
export const MUTATION_NAMES = Object.keys(mutationArgsSchemas) as MutationName[];
export type MutationArgs<N extends MutationName> = z.infer<(typeof mutationArgsSchemas)[N]>;

/** A mutation as it travels; its args are validated per name when applied (so one bad one is rejected alone). */
export const mutationSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(64),
  args: z.unknown(),
  hlc,
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  clientId: uid,
  mutations: z.array(mutationSchema).max(MAX_MUTATIONS_PER_PUSH),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const mutationResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(['applied', 'rejected']),
  reason: z.string().optional(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const pushResponseSchema = z.object({
  /** The highest mutation id of this client the server has processed (applied or rejected). */
  lastMutationId: z.number().int(),
  /** One entry per processed mutation of this push, replays included; absent for ids after a gap. */
  results: z.array(mutationResultSchema),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

export const pullQuerySchema = z.object({
  clientId: uid,
  /** Opaque; absent for a first (full) pull. */
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

export const pullResponseSchema = z.object({
  cursor: z.string(),
  /** False while more pages remain: call again with the new cursor. */
  done: z.boolean(),
  /**
   * True when the cursor was from another database epoch (e.g. a restored backup): the device must drop
   * its pulled rows and pull from scratch (keeping its outbox).
   */
  reset: z.boolean(),
  /** This client's last mutation whose effects are included in the rows pulled so far. */
  lastMutationId: z.number().int(),
  /**
   * This client's last mutation the server has processed, included in the rows or not: lastMutationId
   * lags behind it while a long transaction anywhere holds the pull's horizon back. The device pushes
   * only what comes after it; below what the device already pushed, the server lost them (a restored
   * backup) and they are sent again. Absent from older servers (the device then uses lastMutationId).
   */
  processedMutationId: z.number().int().optional(),
  candidates: z.array(candidateSchema),
  experiences: z.array(experienceSchema),
  interviewNotes: z.array(interviewNoteSchema),
  /**
   * Uids of candidates erased for privacy: the device deletes everything it holds about each one — the
   * record, its interview notes and experiences, and pending or rejected changes that carry its data.
   */
  erased: z.array(uid).default([]),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
