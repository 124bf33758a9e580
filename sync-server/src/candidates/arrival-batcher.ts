/**
 * Group commit for integration arrivals (Zapier, web forms). A new arrival needs one locked look-up by
 * email and, usually, an insert and a commit. Issued one by one, a busy integration's concurrent
 * arrivals each held a connection and paid a statement and a commit of their own, and on a small machine
 * that per-statement cost — which grows with the number of busy connections — was most of the database's
 * work. Instead arrivals queue per database: while fewer than MAX_CALLS calls are under way, a new one
 * starts at once with whatever has queued (a lone arrival waits for nothing); arrivals that come in
 * while they are busy go together in the next call, at most MAX_BATCH of them.
 *
 * Invariants: a batch never holds two arrivals of one email (the later goes in a later call, whose
 * look-up waits for the email's lock and then sees the earlier — as for two simultaneous requests);
 * arrivals are answered only once their call has committed; and when a batch fails on something other
 * than a transient database error, its arrivals are retried one by one, so one bad arrival fails alone.
 */
import type { Knex } from 'knex';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { normalizeEmail } from '@shared/candidates/email';
import { perDatabase } from '../db/per-database';
import { isTransientDbError } from '../db/transient';
import { insertUnlessEmailExists, insertUnlessEmailsExist, type ArrivalOutcome } from './candidate.store';

const MAX_BATCH = 64;
/** Calls under way at once: a second keeps a lone arrival from waiting behind a call's commit. */
const MAX_CALLS = 2;

interface Waiting {
  record: Candidate;
  email: string;
  resolve(outcome: ArrivalOutcome): void;
  reject(error: unknown): void;
}

class ArrivalBatcher {
  private queue: Waiting[] = [];
  private running = 0;

  constructor(private readonly db: Knex) {}

  insert(record: Candidate): Promise<ArrivalOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, email: normalizeEmail(record.email), resolve, reject });
      if (this.running < MAX_CALLS) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running += 1;
    try {
      while (this.queue.length > 0) await this.run(this.takeBatch());
    } finally {
      this.running -= 1;
    }
  }

  /** The first MAX_BATCH queued arrivals with distinct emails; the others keep their places. */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const emails = new Set<string>();
    const rest: Waiting[] = [];
    for (const waiting of this.queue) {
      if (batch.length < MAX_BATCH && !emails.has(waiting.email)) {
        batch.push(waiting);
        emails.add(waiting.email);
      } else {
        rest.push(waiting);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const outcomes = await insertUnlessEmailsExist(this.db, batch.map((waiting) => waiting.record));
        batch.forEach((waiting, i) => waiting.resolve(outcomes[i]!));
        return;
      } catch (error) {
        if (isTransientDbError(error)) {
          for (const waiting of batch) waiting.reject(error);
          return;
        }
      }
    }
    for (const waiting of batch) await insertUnlessEmailExists(this.db, waiting.record).then(waiting.resolve, waiting.reject);
  }
}

const batcherFor = perDatabase((db) => new ArrivalBatcher(db));

/**
 * insertUnlessEmailExists through the database's arrival queue. Only for a database handle, never a
 * transaction: the arrival commits with the others of its batch.
 */
export function insertArrival(db: Knex, record: Candidate): Promise<ArrivalOutcome> {
  return batcherFor(db).insert(record);
}
