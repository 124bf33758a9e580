/**
 * Push: sends outbox entries the server has not processed yet (id > meta.processedThrough), in id order,
 * in batches within the server's limits (MAX_MUTATIONS_PER_PUSH and a body size budget). Entries stay
 * in the outbox when the server applies them — only a pull's includedThrough removes them (rebase.ts) —
 * but entries it rejects move to `rejected` with its reason at once.
 *
 * Gaps: the server stops at a missing id. If it reports a processedThrough below our first entry and we
 * hold the entries in between, the next batch resends them; if we no longer hold them (the server lost
 * its record of this client, e.g. restored from a backup), the outbox can never fill the gap, so it is
 * renumbered 1…n under a new client id and sent again — never dropped.
 */
import { ERROR_CODES } from '@shared/api/error.schema';
import { MAX_MUTATIONS_PER_PUSH, type Mutation } from '@shared/sync/protocol.schema';
import { newUid } from '@shared/sync/ids';
import { outboxRecordsBetween, type OutboxEntry, type RejectedEntry, type RepHireDb } from '@/db/database';
import { ensureClientId, getMeta, setMeta } from '@/db/meta';
import { JsonArrayBlob } from '@/lib/json-array-blob';
import { utf8Bytes } from '@/lib/json-bytes';
import { SyncError, type OutgoingPush, type SyncTransport } from './transport';

/** Well under the server's body limit; halved for the rest of a push after a 413. */
export const DEFAULT_MAX_PUSH_BYTES = 4 * 1024 * 1024;
const MIN_PUSH_BYTES = 64 * 1024;

/** Changes sent out of those the push started with, counted as records (an import chunk: its rows). */
export interface PushProgress {
  sent: number;
  total: number;
  /** When the push started (epoch ms), for a time estimate. */
  startedAt: number;
}

export interface PushSummary {
  sent: number;
  rejected: number;
  /** The records the server took (an import chunk counts its rows): about what the next pull brings back. */
  records: number;
}

export interface PushOptions {
  maxBodyBytes?: number;
  onProgress?: (progress: PushProgress) => void;
}

const toWire = (entry: OutboxEntry): Mutation => ({ id: entry.id, name: entry.name, args: entry.args, hlc: entry.hlc });

/** The envelope's bytes: clientId, protocol, brackets. */
const ENVELOPE_BYTES = 200;

/**
 * Gathers a push's mutations: at most MAX_MUTATIONS_PER_PUSH and maxBytes (always at least one). Each
 * mutation's JSON, made to measure it, is written into the body as it is taken (json-array-blob.ts),
 * and only its id is kept: the entries read from the outbox (an import's 1,000 rows each, 4 MB a batch)
 * were held until the answer came, seconds, long enough to be moved to the old generation and be
 * garbage there (35 MB of what survived minor collections from the click to "Synced" in bench:import's
 * online run); their JSON text held instead was as much (28 MB), where written into the body it dies
 * young.
 */
class BatchBuilder {
  /** The ids of the mutations taken, in order. */
  readonly ids: number[] = [];
  /** The records of the entries taken (an import chunk counts its rows). */
  records = 0;
  private bytes = ENVELOPE_BYTES;
  private readonly json = new JsonArrayBlob();

  constructor(private readonly maxBytes: number) {}

  /** Takes the entry when it fits; false when it does not (the batch is then complete). */
  offer(entry: OutboxEntry): boolean {
    const json = JSON.stringify(toWire(entry));
    // Its bytes on the wire, with its comma.
    const size = utf8Bytes(json) + 1;
    if (this.ids.length && (this.ids.length >= MAX_MUTATIONS_PER_PUSH || this.bytes + size > this.maxBytes)) return false;
    this.ids.push(entry.id);
    this.json.add(json);
    this.records += entry.count;
    this.bytes += size;
    return true;
  }

  request(clientId: string): OutgoingPush {
    return { clientId, mutationsJson: this.json.toBlob() };
  }
}

/** A push's answer, not recorded yet. */
interface PushAnswer {
  results: { id: number; status: string; reason?: string }[];
  processedThrough: number;
}

/** Records an answer: entries refused move to `rejected`; processedThrough. Inside a rw transaction over outbox, rejected and meta. */
async function storeAnswer(db: RepHireDb, { results, processedThrough }: PushAnswer) {
  const refused = results.filter((r) => r.status === 'rejected');
  if (refused.length) {
    const entries = await db.outbox.bulkGet(refused.map((r) => r.id));
    const now = new Date().toISOString();
    const moved: RejectedEntry[] = [];
    entries.forEach((entry, i) => {
      if (entry) moved.push({ ...entry, reason: refused[i]!.reason ?? 'Refused by the server', rejectedAt: now });
    });
    await db.rejected.bulkPut(moved);
    await db.outbox.bulkDelete(moved.map((e) => e.id));
    if (moved.length) await setMeta(db, 'needsRebase', true);
  }
  await setMeta(db, 'processedThrough', processedThrough);
}

async function recordResults(db: RepHireDb, answer: PushAnswer) {
  await db.transaction('rw', db.outbox, db.rejected, db.meta, () => storeAnswer(db, answer));
}

/**
 * A new client id, and the outbox renumbered 1…n for it. `dropProcessed` removes the entries the server
 * already processed under the old id (when another user takes over the device: the server has them, and
 * a client id belongs to one user); without it every entry is sent again (the server forgot the old id).
 */
export async function renumberOutbox(db: RepHireDb, { dropProcessed }: { dropProcessed: boolean }): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    const processed = dropProcessed ? await getMeta(db, 'processedThrough') : 0;
    const entries = await db.outbox.where('id').above(processed).sortBy('id');
    await db.outbox.clear();
    await db.outbox.bulkAdd(entries.map((entry, i) => ({ ...entry, id: i + 1 })));
    await setMeta(db, 'clientId', newUid());
    await setMeta(db, 'nextMutationId', entries.length + 1);
    await setMeta(db, 'processedThrough', 0);
    await setMeta(db, 'includedThrough', 0);
    await setMeta(db, 'needsRebase', true);
  });
}

/** Outbox entries the server has not processed yet (those it has are safe, pulled back or not). */
export async function unpushedCount(db: RepHireDb): Promise<number> {
  return db.outbox.where('id').above(await getMeta(db, 'processedThrough')).count();
}

/** The server's answer when a client id is used by a user other than the one it belongs to. */
export function isClientOfAnotherUser(error: unknown): boolean {
  return error instanceof SyncError && error.code === ERROR_CODES.syncClientOfAnotherUser;
}

/** What the next request sends (nextToSend). */
interface NextBatch {
  batch: BatchBuilder;
  clientId: string;
  /** Records of the entries written since the last counted, for progress. */
  records: number;
  /** The last entry counted for progress. */
  counted: number;
}

/**
 * The entries the next request sends — those after `after`, or after processedThrough when null — with
 * the client id and the records of the entries written since `counted` (the last entry counted for
 * progress), read in ONE transaction — which first records the answer to the request before, when it
 * sent everything: each transaction waits its turn behind an import's batch writing meanwhile, so
 * separate ones would each wait for one.
 */
function nextToSend(db: RepHireDb, counted: number, maxBytes: number, answer: PushAnswer | null, after: number | null): Promise<NextBatch> {
  return db.transaction('rw', db.meta, db.outbox, db.rejected, async () => {
    if (answer) await storeAnswer(db, answer);
    const [processedThrough, clientId] = await Promise.all([getMeta(db, 'processedThrough'), ensureClientId(db)]);
    const from = after ?? processedThrough;
    const last = ((await db.outbox.orderBy('id').lastKey()) as number | undefined) ?? 0;
    // From the index's keys: reading the entries only to count them brought every row of a waiting
    // import (100 entries of 1,000) into memory at the start of the push.
    const records = await outboxRecordsBetween(db, Math.max(counted, from), last);
    // Entry by entry until the batch is full: reading the next 200 at once (an import's: 200,000 rows)
    // to send the few that fit in one request was one long task.
    const batch = new BatchBuilder(maxBytes);
    await db.outbox.where('id').above(from).until((entry) => !batch.offer(entry)).each(() => {});
    return { batch, clientId, records, counted: Math.max(counted, last) };
  });
}

/**
 * Pushes every entry the server has not processed, an import's written meanwhile included. The next
 * batch is read (and the answer before recorded) while a request is on its way — after its last entry,
 * as if it will be taken whole: on an online import that read waits its turn behind one of the
 * import's writes, and read after the answer it held each push back by that wait. When the answer says
 * otherwise (a gap, a batch too large, entries processed beyond it), the batch read ahead is dropped and
 * the next one read from what the server says.
 */
export async function pushOutbox(db: RepHireDb, transport: SyncTransport, options: PushOptions = {}): Promise<PushSummary> {
  let maxBytes = options.maxBodyBytes ?? DEFAULT_MAX_PUSH_BYTES;
  const summary: PushSummary = { sent: 0, rejected: 0, records: 0 };
  /**
   * Records to send, for progress: those waiting when the push began, and those written since. An
   * import writing meanwhile is sent in the same push, before the round's pull: its confirmations cost
   * the pull little (confirmations.ts), but a pull while the import writes waits behind every batch.
   */
  let total = 0;
  let counted = 0;
  const startedAt = Date.now();
  let sentRecords = 0;
  let stalled = 0;
  /** The last answer, when it took the whole batch: recorded with the next batch's reads. */
  let answer: PushAnswer | null = null;
  /** The batch after the one on its way, read meanwhile. */
  let ahead: Promise<NextBatch> | null = null;
  const count = (next: NextBatch) => {
    counted = next.counted;
    total += next.records;
  };
  /** Forgets the batch read ahead, once read: its entries are counted, and the answer it recorded stays. */
  const dropAhead = async () => {
    const dropped = await ahead?.catch(() => null);
    ahead = null;
    if (dropped) count(dropped);
  };
  for (;;) {
    let next = ahead ? await ahead : null;
    ahead = null;
    if (next) count(next);
    // Nothing was read ahead, or nothing waited then: the last answer is recorded and the outbox read again.
    if (!next?.batch.ids.length) {
      next = await nextToSend(db, counted, maxBytes, answer, null);
      answer = null;
      count(next);
    }
    const { clientId } = next;
    const { ids } = next.batch;
    if (!ids.length) return summary;
    const first = ids[0]!;
    const last = ids[ids.length - 1]!;
    const sending = transport.push(next.batch.request(clientId));
    // The total is known once the first batch is read: the indicator says "Sending 0 of …" while the
    // first request is on its way (seconds for an import's 4 MB), not only after its answer.
    if (!summary.sent) options.onProgress?.({ sent: 0, total, startedAt });
    ahead = nextToSend(db, counted, maxBytes, answer, last);
    // Awaited once the answer is in: a failure meanwhile is not unhandled.
    ahead.catch(() => {});
    answer = null;
    let response;
    try {
      response = await sending;
    } catch (error) {
      await dropAhead();
      if (error instanceof SyncError && error.kind === 'tooLarge' && maxBytes > MIN_PUSH_BYTES && ids.length > 1) {
        maxBytes = Math.max(MIN_PUSH_BYTES, Math.floor(maxBytes / 2));
        continue;
      }
      throw error;
    }
    const { processedThrough: processed, results } = response;
    summary.rejected += results.filter((r) => r.status === 'rejected').length;
    // Read ahead as if this batch were processed through its end, and nothing beyond it.
    if (processed !== last) await dropAhead();
    if (processed >= last) {
      answer = { results, processedThrough: processed };
      summary.sent += ids.length;
      sentRecords += next.batch.records;
      summary.records = sentRecords;
      stalled = 0;
      options.onProgress?.({ sent: Math.min(sentRecords, total), total, startedAt });
      continue;
    }
    // The server stopped before the end of the batch: a gap, or it lost entries we sent before.
    await recordResults(db, { results, processedThrough: processed });
    if (++stalled > 3) throw new SyncError('server', `The server keeps stopping at change ${processed + 1}`);
    if (processed < first - 1) {
      const between = await db.outbox.where('id').between(processed, first, false, false).count();
      if (between === 0) {
        await renumberOutbox(db, { dropProcessed: false });
        // New ids: every entry waiting now.
        counted = 0;
        total = sentRecords;
      }
    }
  }
}
