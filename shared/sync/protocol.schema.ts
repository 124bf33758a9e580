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
 * last mutation whose effects are included in what it has pulled (`includedThrough`); it then drops
 * those outbox entries and replays the rest on top of the pulled rows (rebase).
 *
 * Two counters, one name each on both ends: `processedThrough`, the client's last mutation the server
 * has processed (applied or rejected: pushes send only later ones), and `includedThrough`, its last
 * mutation whose effects are in the rows pulled (the outbox keeps later ones).
 *
 * Versions: a request carries `protocol` (SYNC_PROTOCOL_VERSION). An installed app keeps running its
 * cached version for a while after the server is updated, so a request without it (version 1) is
 * answered with version 1's names (the legacy schemas below).
 */
import { z } from 'zod';
import { candidateSchema, experienceSchema, interviewNoteSchema, type Candidate } from '../schemas/candidate.schema';
import { savedViewSchema } from '../schemas/saved-view.schema';
import { scheduledInterviewSchema } from '../schemas/scheduled-interview.schema';
import { hlcSchema, uidSchema } from '../mutations/args.schema';
import { clocksOfStamp } from './shared-clocks';

/** The version of this file's wire format that requests declare; version 1 (no `protocol`) had other counter names. */
export const SYNC_PROTOCOL_VERSION = 2;
export const MAX_MUTATIONS_PER_PUSH = 200;
/**
 * The rows a pull page holds when they come in full (confirmations grow pages to MAX_PULL_PAGE_SIZE).
 * Each page costs the device a transaction and a dozen reads around its writes, and the server a
 * request: a new device's pull of 100,000 candidates in pages of 2,000 spent about 40 ms a page, 2 s
 * in all, around its puts (bench:import, BENCH_KINDS=new-device, 29 November 2026). A page of 5,000
 * is about 120 KB on the wire compressed, 5 MB of JSON parsed in about 25 ms; the larger the page, the
 * longer its transaction keeps the screens' reads of the candidates waiting.
 */
export const PULL_PAGE_SIZE = 5000;
/** The most rows one pull page may ask for. */
export const MAX_PULL_PAGE_SIZE = 10_000;
/**
 * A pull page's cursor and whether it is the last (`true` or `false`), sent as headers too, ahead of
 * the body: the device asks for the next page as soon as they arrive, while this one is read, parsed
 * and written. The page's body says the same and is the one trusted (a header is only a hint).
 */
export const PULL_CURSOR_HEADER = 'x-pull-cursor';
export const PULL_DONE_HEADER = 'x-pull-done';

const hlc = hlcSchema;
const uid = uidSchema;

// The mutations themselves are defined in shared/mutations/; their names and argument schemas are
// part of the wire format, so they are re-exported here.
export {
  MAX_IMPORT_ROWS_PER_MUTATION,
  NOTE_LINE_MAX,
  INTERVIEW_NOTE_MAX,
  candidateChangesSchema,
  candidateCreateArgsSchema,
  importRowSchema,
  type CandidateChanges,
  type CandidateCreateArgs,
  type ImportRow,
} from '../mutations/args.schema';
export { mutationArgsSchemas, MUTATION_NAMES, type MutationName, type MutationArgs } from '../mutations/index';

/** A mutation as it travels; its args are validated per name when applied (so one bad one is rejected alone). */
export const mutationSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().max(64),
  args: z.unknown(),
  hlc,
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  /** SYNC_PROTOCOL_VERSION; absent from version-1 apps, which get the legacy answer. */
  protocol: z.literal(SYNC_PROTOCOL_VERSION).optional(),
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
  processedThrough: z.number().int(),
  /** One entry per processed mutation of this push, replays included; absent for ids after a gap. */
  results: z.array(mutationResultSchema),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/** The answer to a version-1 push (no `protocol`): `lastMutationId` is processedThrough. */
export const legacyPushResponseSchema = pushResponseSchema.omit({ processedThrough: true }).extend({ lastMutationId: z.number().int() });
export type LegacyPushResponse = z.infer<typeof legacyPushResponseSchema>;

export const pullQuerySchema = z.object({
  /** SYNC_PROTOCOL_VERSION (as the query string's text); absent from version-1 apps, which get the legacy answer. */
  protocol: z
    .literal(`${SYNC_PROTOCOL_VERSION}`)
    .transform(() => SYNC_PROTOCOL_VERSION)
    .optional(),
  clientId: uid,
  /** Opaque; absent for a first (full) pull. */
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PULL_PAGE_SIZE).optional(),
  /**
   * The includedThrough the device holds from its last pull: the server checks only the mutations after
   * it for rows changed again beyond the horizon (see the response's includedThrough).
   */
  includedThrough: z.coerce.number().int().min(0).optional(),
  /**
   * '1': this device understands `confirmed` (below), so candidates only its own mutations wrote since
   * it last pulled may come as confirmations. Without it every changed row comes in full.
   */
  confirmOwn: z.literal('1').optional(),
  /**
   * '1': this device reads a candidate's `fieldClocks` sent as the one stamp they share, when they do
   * (shared-clocks.ts; pulledCandidateSchema). Without it every candidate's clocks come in full.
   */
  sharedClocks: z.literal('1').optional(),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

/**
 * A candidate the pulling device wrote itself and already holds: every write since the version it
 * pulled last (or since the row's creation) came from its own mutations `from`…`through` (`count` of
 * them), in order, so the device's row is the server's but for what the server's clock and sequence
 * gave it — its id and timestamps, sent here. The device checks that its own row was written by
 * exactly those mutations; otherwise it asks for the page again in full (pull.ts).
 */
export const ownRowConfirmationSchema = z.object({
  uid,
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  from: z.number().int(),
  through: z.number().int(),
  count: z.number().int(),
});
export type OwnRowConfirmation = z.infer<typeof ownRowConfirmationSchema>;

/**
 * A candidate as a pull sends it: its `fieldClocks` either in full or, asked with sharedClocks, as the
 * one stamp they share (readPullPage reads it as every field's). The stamp is checked as a string, as
 * each of the full clocks is: a page the full form takes must not be refused in the short one. No
 * transform here: the API's documentation is made from this schema (openapi.service.ts), and shows
 * the wire's two forms.
 */
export const pulledCandidateSchema = candidateSchema.extend({
  fieldClocks: z.union([z.string(), candidateSchema.shape.fieldClocks]),
});

export const pullResponseSchema = z.object({
  cursor: z.string(),
  /** False while more pages remain: call again with the new cursor. */
  done: z.boolean(),
  /**
   * True when the cursor was from another database epoch (e.g. a restored backup): the device must drop
   * its pulled rows and pull from scratch (keeping its outbox).
   */
  reset: z.boolean(),
  /**
   * This client's last mutation whose effects are included in the rows pulled so far: committed below
   * the pull's horizon, and no row it wrote changed again above it (that row comes in a later pull, and
   * until then the device keeps replaying its own change rather than show the older row).
   */
  includedThrough: z.number().int(),
  /**
   * This client's last mutation the server has processed, included in the rows or not: includedThrough
   * lags behind it while a long transaction anywhere holds the pull's horizon back. The device pushes
   * only what comes after it; below what the device already pushed, the server lost them (a restored
   * backup) and they are sent again.
   */
  processedThrough: z.number().int(),
  candidates: z.array(pulledCandidateSchema),
  /** Candidates this device wrote itself and holds (only when asked with confirmOwn), instead of in `candidates`. */
  confirmed: z.array(ownRowConfirmationSchema).default([]),
  experiences: z.array(experienceSchema),
  interviewNotes: z.array(interviewNoteSchema),
  /** The signed-in user's saved views (never another user's). Absent from older servers. */
  savedViews: z.array(savedViewSchema).default([]),
  /** Scheduled interviews (team data: every user's), cancelled ones as tombstones. Absent from older servers. */
  scheduledInterviews: z.array(scheduledInterviewSchema).default([]),
  /**
   * Uids of candidates erased for privacy: the device deletes everything it holds about each one — the
   * record, its interview notes and experiences, and pending or rejected changes that carry its data.
   */
  erased: z.array(uid).default([]),
});
/** A pull page as the server sends it: a candidate's clocks may be one stamp (sharedClocks). */
export type PullPage = z.infer<typeof pullResponseSchema>;
/** A pull page as the device reads it (readPullPage): every candidate's clocks in full. */
export type PullResponse = Omit<PullPage, 'candidates'> & { candidates: Candidate[] };

/**
 * A checked page with every candidate's clocks in full: a stamp is read, in place, as every LWW
 * field's clock (one frozen object for the page's rows that share it, clocksOfStamp).
 */
export function readPullPage(page: PullPage): PullResponse {
  for (const row of page.candidates) if (typeof row.fieldClocks === 'string') (row as Candidate).fieldClocks = clocksOfStamp(row.fieldClocks);
  return page as PullResponse;
}

/**
 * The answer to a version-1 pull (no `protocol`): `lastMutationId` is includedThrough and
 * `processedMutationId` processedThrough.
 */
export const legacyPullResponseSchema = pullResponseSchema
  .omit({ includedThrough: true, processedThrough: true })
  .extend({ lastMutationId: z.number().int(), processedMutationId: z.number().int() });
export type LegacyPullResponse = z.infer<typeof legacyPullResponseSchema>;
