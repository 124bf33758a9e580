/**
 * The outbox: how a local write becomes a pending mutation. `writeMutation` runs one Dexie transaction
 * that reads what it needs, applies the mutation to the rows (apply-mutation.ts) and appends
 * `{id, name, args, hlc}` to the outbox — all or nothing. Ids come from `meta.nextMutationId` and
 * stamps from `meta.hlc` inside that transaction, so several tabs writing at once still get
 * contiguous ids and increasing stamps.
 */
import { HybridLogicalClock, nodeIdFrom } from '@shared/sync/hlc';
import type { MutationArgs, MutationName } from '@shared/sync/protocol.schema';
import { rowTables, type OutboxEntry, type RepHireDb } from '@/db/database';
import { ensureClientId, getMeta, setMeta } from '@/db/meta';
import { applyMutation, type ApplyOutcome, type LocalMutation, type RowAccess } from './apply-mutation';
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
  outcome: ApplyOutcome;
}

/** A new stamp after every stamp this device has issued or seen. Inside a rw transaction on meta. */
export async function nextStamp(db: RepHireDb, now: () => number = Date.now): Promise<string> {
  const [clientId, last] = await Promise.all([ensureClientId(db), getMeta(db, 'hlc')]);
  const clock = new HybridLogicalClock(nodeIdFrom(clientId), now);
  if (last) clock.receive(last);
  const stamp = clock.tick();
  await setMeta(db, 'hlc', stamp);
  return stamp;
}

/**
 * Runs `prepare` inside the write transaction (it may read rows, through the same access the mutation
 * is then applied with, and return null to write nothing), then applies and queues the mutation.
 * Resolves with null when nothing was written.
 */
export async function writeMutation<N extends MutationName>(
  db: RepHireDb,
  prepare: (rows: RowAccess) => Promise<PreparedMutation<N> | null>,
): Promise<WriteResult | null> {
  return db.transaction('rw', rowTables(db), async () => {
    const rows = dexieRows(db);
    const prepared = await prepare(rows);
    if (!prepared) return null;
    // Independent reads and writes go out together: each await is a round trip to the database, and
    // an import makes one of these transactions per 500 rows.
    const [id, hlc, owner] = await Promise.all([getMeta(db, 'nextMutationId'), nextStamp(db), getMeta(db, 'owner')]);
    const now = new Date().toISOString();
    const mutation = { name: prepared.name, args: prepared.args, hlc } as LocalMutation;
    const outcome = await applyMutation(rows, mutation, { now, userId: owner?.id ?? null, firstWrite: true });
    const entry: OutboxEntry = {
      id,
      name: prepared.name,
      args: prepared.args,
      hlc,
      createdAt: now,
      label: prepared.label,
      count: prepared.count ?? 1,
    };
    await Promise.all([db.outbox.add(entry), setMeta(db, 'nextMutationId', id + 1)]);
    return { id, hlc, outcome };
  });
}

/** Replays outbox entries in id order on the current rows (a rebase's second half). */
export async function replayOutbox(db: RepHireDb, entries: OutboxEntry[]): Promise<void> {
  const rows = dexieRows(db);
  const owner = await getMeta(db, 'owner');
  for (const entry of entries) {
    const mutation = { name: entry.name, args: entry.args, hlc: entry.hlc } as LocalMutation;
    await applyMutation(rows, mutation, { now: entry.createdAt, userId: owner?.id ?? null });
  }
}
