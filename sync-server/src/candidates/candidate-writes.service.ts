/**
 * Every write to candidates and interview notes, whoever makes it (a device's mutation, REST, an
 * integration, an import), runs one of the shared mutations (shared/mutations/) over the rows of the
 * caller's transaction (mutation-store.ts): the same rules a device runs, with the values a write lost
 * kept in the candidate's history under the writer's name. Callers pick the clock stamp: a device's
 * (clamped) stamp for its mutations, the server clock for server-side writers.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { applyMutation, type AnyMutation, type MutationOutcome } from '@shared/mutations/index';
import { arrivalSource } from '@shared/mutations/candidate-arrive';
import type { CandidateArrival } from '@shared/schemas/candidate-api.schema';
import { createCandidateRecord } from '@shared/sync/merge';
import { serverClock } from '../lib/server-clock';
import type { Writer } from './candidate-events';
import { UidTakenError, findCandidateByUid, type StoredCandidate } from './candidate.store';
import { KnexMutationStore } from './mutation-store';
import { insertArrival } from './arrival-batcher';

export interface ServerWrite {
  outcome: MutationOutcome;
  /** Uids of the candidates whose rows or interview notes it wrote. */
  touched: string[];
  /** Looks a candidate's id up by uid among those the mutation read or wrote. */
  idOf(uid: string): number | undefined;
}

/**
 * Runs one mutation in `trx` and writes what it lost to the history, by `writer`. A create that loses a
 * race for its uid to a transaction that committed meanwhile runs again, and now merges into that
 * record (the store's inserts give way on a taken uid without failing the transaction; only inserts
 * come before the first write, so nothing of the first run is left behind but rows it can read back).
 */
export async function runMutation(trx: Knex, writer: Writer, mutation: AnyMutation, hlc: string = serverClock.tick()): Promise<ServerWrite> {
  const now = new Date().toISOString();
  for (let attempt = 1; ; attempt++) {
    const store = new KnexMutationStore(trx);
    try {
      const outcome = await applyMutation(store, mutation, { hlc, now, userId: writer.userId, role: writer.role });
      await store.flush(writer);
      return { outcome, touched: [...store.touched], idOf: (uid) => store.idOf(uid) };
    } catch (error) {
      if (!(error instanceof UidTakenError) || attempt === 3) throw error;
    }
  }
}

/**
 * A candidate arriving from an integration (the candidate.arrive mutation): created, or — for a known
 * email — updated with what it carries plus the dated line "Candidate reapplied via {source}". Stamped
 * with the server clock. The common case (a new email) is one database call shared with the arrivals
 * that come in at the same time (arrival-batcher.ts, a database function that inserts the record the
 * mutation would create unless the email is known); a known email runs the mutation in a transaction
 * of its own, which takes the email's lock again and re-reads, so a concurrent arrival is never lost.
 */
export async function receiveArrival(
  knex: Knex,
  writer: Writer,
  arrival: CandidateArrival,
  via: string,
): Promise<{ candidate: StoredCandidate; created: boolean }> {
  const hlc = serverClock.tick();
  const args = { ...arrival, uid: randomUUID(), via };
  const fresh = createCandidateRecord({ ...arrival, uid: args.uid, source: arrivalSource(args) }, hlc, {
    id: null,
    userId: writer.userId,
    now: new Date().toISOString(),
  });
  const first = await insertArrival(knex, fresh);
  if ('inserted' in first) return { candidate: first.inserted, created: true };
  return knex.transaction(async (trx) => {
    const write = await runMutation(trx, writer, { name: 'candidate.arrive', args }, hlc);
    // The one candidate it wrote: the known one it updated, or (the match was deleted since the first
    // look) the one it created.
    const [uid] = write.touched;
    const candidate = uid === undefined ? undefined : await findCandidateByUid(trx, uid);
    if (!candidate) throw new Error(`Arrival for ${args.uid} wrote no candidate`);
    return { candidate, created: write.outcome.created > 0 };
  });
}
