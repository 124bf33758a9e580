/**
 * Push: applies a device's mutations exactly once, in order (Replicache-style).
 *
 * Invariants, per client id:
 * - sync_clients.last_mutation_id (read as `processedThrough`) is the highest processed mutation id
 *   (applied or rejected); ids are processed in sequence
 *   (1, 2, 3…): an id at or below it is a replay and answers its stored result, an id beyond it + 1 is a
 *   gap and ends the push (the device resends from the gap).
 * - Each mutation runs in its own transaction holding the client's row lock, together with its effects,
 *   its applied_mutations row and the new last_mutation_id — all or nothing.
 * - A mutation that fails validation, or that the mutator refuses, is recorded as rejected with its
 *   reason and still acknowledged, so a device's queue never jams. A mutator that fails part-way rolls
 *   its whole transaction back, and the rejection is then recorded in a transaction of its own (rather
 *   than keeping a savepoint around every mutation: two round trips each, for the rare failure). Only
 *   transient database failures (serialization, connection, timeouts) abort the push, to be retried.
 * - A client id belongs to the user who first pushed or pulled with it.
 */
import type { Knex } from 'knex';
import {
  SYNC_PROTOCOL_VERSION,
  type LegacyPushResponse,
  type MutationResult,
  type PushRequest,
  type PushResponse,
  type Mutation,
} from '@shared/sync/protocol.schema';
import { ERROR_CODES } from '@shared/api/error.schema';
import { AppError } from '../lib/errors';
import type { UserModel } from '../db/user.model';
import { isTransientDbError } from '../db/transient';
import { receiveStamp } from '../lib/server-clock';
import { validateMutation, type MutatorResult } from './mutators';
import { legacyPushResponse } from './legacy-protocol';

export const CLIENT_OF_ANOTHER_USER = 'This sync client belongs to another user';
const clientOfAnotherUser = () => new AppError(403, ERROR_CODES.syncClientOfAnotherUser, CLIENT_OF_ANOTHER_USER);

interface ClientRow {
  clientId: string;
  userId: number;
  processedThrough: number;
}

/** The columns of ClientRow: the column last_mutation_id keeps the name it landed with. */
const CLIENT_COLUMNS = ['clientId', 'userId', 'lastMutationId as processedThrough'];

export async function readClient(db: Knex, clientId: string, userId: number): Promise<ClientRow | undefined> {
  const client = (await db('sync_clients').where({ clientId }).first(...CLIENT_COLUMNS)) as ClientRow | undefined;
  if (client && client.userId !== userId) throw clientOfAnotherUser();
  return client;
}

async function lockClient(trx: Knex, clientId: string, userId: number): Promise<ClientRow> {
  let client = (await trx('sync_clients').where({ clientId }).forUpdate().first(...CLIENT_COLUMNS)) as ClientRow | undefined;
  if (!client) {
    await trx('sync_clients').insert({ clientId, userId }).onConflict('clientId').ignore();
    client = (await trx('sync_clients').where({ clientId }).forUpdate().first(...CLIENT_COLUMNS)) as ClientRow;
  }
  if (client.userId !== userId) throw clientOfAnotherUser();
  return client;
}

async function storedResults(db: Knex, clientId: string, ids: number[]): Promise<Map<number, MutationResult>> {
  if (ids.length === 0) return new Map();
  const rows = await db('applied_mutations').where({ clientId }).whereIn('mutationId', ids).select('mutationId', 'status', 'reason');
  return new Map(
    rows.map((row) => [
      Number(row.mutationId),
      row.reason ? { id: Number(row.mutationId), status: row.status, reason: row.reason } : { id: Number(row.mutationId), status: row.status },
    ]),
  );
}

function replayResult(stored: Map<number, MutationResult>, id: number): MutationResult {
  // Processed long ago and pruned, or never stored by an older server: it was processed all the same.
  return stored.get(id) ?? { id, status: 'applied' };
}

/** A mutator failed part-way: its transaction is rolled back and the mutation recorded as rejected. */
class MutatorFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Runs the mutator; a failure other than a transient one becomes MutatorFailed with a reason. */
async function runMutation(trx: Knex.Transaction, user: UserModel, clientId: string, mutation: Mutation): Promise<MutatorResult> {
  const validated = validateMutation(mutation.name, mutation.args);
  if (!validated.ok) return { status: 'rejected', reason: validated.reason };
  const hlc = receiveStamp(mutation.hlc);
  const writer = { origin: 'sync' as const, userId: user.id, clientId, mutationId: mutation.id, role: user.role };
  // The rows this writes are what the device wrote itself (own writes, see the own_writes migration),
  // unless its clock was clamped: then the server's stamps differ from the device's.
  if (hlc === mutation.hlc) await trx.raw(`SELECT set_config('rephire.sync_writer', ?, true)`, [`${clientId}/${mutation.id}`]);
  try {
    return await validated.run(trx, writer, hlc);
  } catch (error) {
    if (isTransientDbError(error)) throw error;
    if (error instanceof AppError && error.status < 500) throw new MutatorFailed(error.message);
    console.error(`[rephire] mutation ${mutation.name} #${mutation.id} of ${clientId} failed:`, error);
    throw new MutatorFailed('The server could not apply this change');
  }
}

type StepOutcome = { kind: 'processed'; result: MutationResult; last: number } | { kind: 'gap'; last: number };

/** In one transaction: the client's lock, the replay and gap checks, the outcome and its bookkeeping. */
function step(knex: Knex, user: UserModel, clientId: string, mutation: Mutation, outcomeOf: (trx: Knex.Transaction) => Promise<MutatorResult>) {
  return knex.transaction(async (trx): Promise<StepOutcome> => {
    const client = await lockClient(trx, clientId, user.id);
    const last = Number(client.processedThrough);
    if (mutation.id <= last) {
      const stored = await storedResults(trx, clientId, [mutation.id]);
      return { kind: 'processed', result: replayResult(stored, mutation.id), last };
    }
    if (mutation.id > last + 1) return { kind: 'gap', last };
    const outcome = await outcomeOf(trx);
    const reason = outcome.status === 'rejected' ? outcome.reason : null;
    // The applied_mutations row and the client's new processedThrough in one statement.
    await trx.raw(
      `WITH applied AS (
         INSERT INTO applied_mutations (client_id, mutation_id, name, status, reason, touched) VALUES (?, ?, ?, ?, ?, ?::uuid[])
       )
       UPDATE sync_clients SET last_mutation_id = ?, updated_at = now() WHERE client_id = ?`,
      [clientId, mutation.id, mutation.name, outcome.status, reason, outcome.touched?.length ? outcome.touched : null, mutation.id, clientId],
    );
    const result: MutationResult = reason !== null ? { id: mutation.id, status: 'rejected', reason } : { id: mutation.id, status: 'applied' };
    return { kind: 'processed', result, last: mutation.id };
  });
}

async function processOne(knex: Knex, user: UserModel, clientId: string, mutation: Mutation): Promise<StepOutcome> {
  try {
    return await step(knex, user, clientId, mutation, (trx) => runMutation(trx, user, clientId, mutation));
  } catch (error) {
    if (!(error instanceof MutatorFailed)) throw error;
    const rejected: MutatorResult = { status: 'rejected', reason: error.reason };
    return step(knex, user, clientId, mutation, async () => rejected);
  }
}

export async function push(knex: Knex, user: UserModel, request: PushRequest): Promise<PushResponse | LegacyPushResponse> {
  const response = await processPush(knex, user, request);
  return request.protocol === SYNC_PROTOCOL_VERSION ? response : legacyPushResponse(response);
}

async function processPush(knex: Knex, user: UserModel, request: PushRequest): Promise<PushResponse> {
  const { clientId } = request;
  const mutations = [...request.mutations].sort((a, b) => a.id - b.id);
  const known = await readClient(knex, clientId, user.id);
  let last = Number(known?.processedThrough ?? 0);
  // Replays below the last processed id need no lock: that id only ever grows.
  const replayIds = new Set(mutations.filter((m) => m.id <= last).map((m) => m.id));
  const stored = await storedResults(knex, clientId, [...replayIds]);
  const results: MutationResult[] = [];
  const seen = new Set<number>();
  for (const mutation of mutations) {
    if (seen.has(mutation.id)) continue;
    seen.add(mutation.id);
    if (replayIds.has(mutation.id)) {
      results.push(replayResult(stored, mutation.id));
      continue;
    }
    const step = await processOne(knex, user, clientId, mutation);
    last = Math.max(last, step.last);
    if (step.kind === 'gap') break;
    results.push(step.result);
  }
  return { processedThrough: last, results };
}
