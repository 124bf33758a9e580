/**
 * The outbox: how a local write becomes a pending mutation. `writeMutation` runs one Dexie transaction
 * that reads what it needs, runs the mutation's shared `apply` (shared/mutations/) on the rows (dexie-rows.ts) and appends
 * `{id, name, args, hlc}` to the outbox — all or nothing (`writeMutations`: several, in one
 * transaction). Ids come from `meta.nextMutationId` and stamps from `meta.hlc` inside that
 * transaction, so several tabs writing at once still get contiguous ids and increasing stamps.
 */
import { HybridLogicalClock, nodeIdFrom } from '@shared/sync/hlc';
import { applyMutation, type LocalMutation, type MutationArgs, type MutationName, type MutationOutcome } from '@shared/mutations/index';
import type { MutationStore } from '@shared/mutations/store';
import { rowTables, type OutboxEntry, type RepHireDb } from '@/db/database';
import { ensureClientId, getMeta, setMeta } from '@/db/meta';
import { dexieRows } from './dexie-rows';

export interface PreparedMutation<N extends MutationName = MutationName> {
  name: N;
  args: MutationArgs<N>;
  label: string;
  count?: number;
}

export interface WriteResult {
  id: number;
  hlc: string;
  outcome: MutationOutcome;
}

/**
 * Watches the rows a write's mutations read and write (an import's recorder, for its Undo): the
 * mutations run on `wrap(rows)`, and each written mutation's stamp is handed to `stamped`.
 */
export interface WriteObserver {
  wrap(rows: MutationStore): MutationStore;
  stamped(hlc: string): void;
}

export interface WriteOptions {
  observer?: WriteObserver;
  /** Runs last inside the write transaction, so what it stores goes with the rows or not at all. */
  alsoStore?: (results: ReadonlyArray<WriteResult | null>) => Promise<void>;
}

/** Prepares one mutation inside the write transaction; null writes nothing. */
export type PrepareMutation<N extends MutationName = MutationName> = (rows: MutationStore) => Promise<PreparedMutation<N> | null>;

/**
 * Runs `prepare` inside the write transaction (it may read rows, through the same access the mutation
 * is then applied with, and return null to write nothing), then applies and queues the mutation.
 * Resolves with null when nothing was written.
 */
export async function writeMutation<N extends MutationName>(db: RepHireDb, prepare: PrepareMutation<N>): Promise<WriteResult | null> {
  const [result] = await writeMutations(db, [prepare]);
  return result ?? null;
}

/**
 * Several mutations in ONE transaction, in order: each is prepared, applied (seeing the rows the ones
 * before it wrote) and queued with the next id and a later stamp. An import writes thousands of rows
 * per transaction this way: every IndexedDB transaction costs a fixed 10–40 ms on top of its writes.
 */
export async function writeMutations(
  db: RepHireDb,
  prepares: readonly PrepareMutation[],
  { observer, alsoStore }: WriteOptions = {},
): Promise<Array<WriteResult | null>> {
  return db.transaction('rw', rowTables(db), async () => {
    const own = dexieRows(db);
    const rows = observer ? observer.wrap(own) : own;
    // Independent reads go out together: each await is a round trip to the database.
    const [firstId, owner, clientId, seen] = await Promise.all([
      getMeta(db, 'nextMutationId'),
      getMeta(db, 'owner'),
      ensureClientId(db),
      getMeta(db, 'hlc'),
    ]);
    const clock = new HybridLogicalClock(nodeIdFrom(clientId));
    if (seen) clock.receive(seen);
    const results: Array<WriteResult | null> = [];
    const entries: OutboxEntry[] = [];
    for (const prepare of prepares) {
      const prepared = await prepare(rows);
      if (!prepared) {
        results.push(null);
        continue;
      }
      const id = firstId + entries.length;
      const hlc = clock.tick();
      const now = new Date().toISOString();
      const mutation = { name: prepared.name, args: prepared.args, hlc } as LocalMutation;
      observer?.stamped(hlc);
      own.writing(id);
      const outcome = await applyMutation(rows, mutation, { hlc, now, userId: owner?.id ?? null, firstWrite: true });
      entries.push({ id, name: prepared.name, args: prepared.args, hlc, createdAt: now, label: prepared.label, count: prepared.count ?? 1 });
      results.push({ id, hlc, outcome });
    }
    await own.settle();
    const last = entries.at(-1);
    if (last) {
      await Promise.all([db.outbox.bulkAdd(entries), setMeta(db, 'nextMutationId', last.id + 1), setMeta(db, 'hlc', last.hlc)]);
    }
    await alsoStore?.(results);
    return results;
  });
}

/** Replays outbox entries in id order on the current rows (a rebase's second half). */
export async function replayOutbox(db: RepHireDb, entries: OutboxEntry[]): Promise<void> {
  const rows = dexieRows(db);
  const owner = await getMeta(db, 'owner');
  for (const entry of entries) {
    const mutation = { name: entry.name, args: entry.args, hlc: entry.hlc } as LocalMutation;
    rows.writing(entry.id);
    await applyMutation(rows, mutation, { hlc: entry.hlc, now: entry.createdAt, userId: owner?.id ?? null });
  }
  await rows.settle();
}
