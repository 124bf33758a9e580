/**
 * Per-key request limit for integrations, counted in PostgreSQL (rate_limits) so it holds across
 * server instances. Over the limit answers 429 with Retry-After, which Zapier treats as "retry later".
 *
 * Writing the key's counter row on every request made that row the hot spot of a busy key (one locked
 * update and one commit per request). Instead each process leases a slice of the window's allowance
 * (a twentieth of the limit, at most 50 requests) with one update and spends it locally; the shared row
 * is only touched when a lease runs low. The next slice is leased in the background once a quarter of
 * the current one is left, so a busy key's requests do not queue behind that write (and its commit).
 * The count in the row includes leased requests, so all instances together never exceed the limit; an
 * instance may refuse a little early while another holds unspent lease, by at most a slice and a
 * quarter per instance.
 */
import type { Knex } from 'knex';
import { tooManyRequests } from '../lib/errors';
import type { AppContext } from '../db/context';
import { perDatabase } from '../db/per-database';
import { hitBy, retryAfterSeconds } from '../db/rate-limit';

const WINDOW_MS = 60_000;
const MAX_SLICE = 50;

interface Lease {
  remaining: number;
  resetAt: Date;
  /** The last lease got less than it asked for: the window's allowance is used up. */
  exhausted: boolean;
}

export class LeasedRateLimiter {
  private readonly leases = new Map<string, Lease>();
  private readonly renewing = new Map<string, Promise<void>>();

  constructor(private readonly windowMs = WINDOW_MS) {}

  /** Takes one request from the bucket: undefined when allowed, else the seconds to wait. */
  async take(db: Knex, bucket: string, limit: number): Promise<number | undefined> {
    const slice = Math.max(1, Math.min(MAX_SLICE, Math.floor(limit / 20)));
    // Each round either spends a request or waits for a renewal; a renewal either grants requests
    // (which someone spends) or finds the window used up, so this ends within limit / slice rounds.
    for (;;) {
      const lease = this.leases.get(bucket);
      const live = lease !== undefined && lease.resetAt.getTime() > Date.now();
      if (live && lease.remaining > 0) {
        lease.remaining -= 1;
        // A failed background renewal is simply tried again by the request that next needs it.
        if (lease.remaining < slice / 4 && !lease.exhausted) this.renewal(db, bucket, limit, slice).catch(() => {});
        return undefined;
      }
      if (live && lease.exhausted) return retryAfterSeconds({ count: limit, resetAt: lease.resetAt });
      await this.renewal(db, bucket, limit, slice);
    }
  }

  /** The bucket's renewal under way, or a new one: one at a time per bucket. */
  private renewal(db: Knex, bucket: string, limit: number, slice: number): Promise<void> {
    let renewal = this.renewing.get(bucket);
    if (!renewal) {
      renewal = this.renew(db, bucket, limit, slice).finally(() => this.renewing.delete(bucket));
      this.renewing.set(bucket, renewal);
    }
    return renewal;
  }

  private async renew(db: Knex, bucket: string, limit: number, slice: number): Promise<void> {
    const state = await hitBy(db, bucket, { limit, windowMs: this.windowMs }, slice);
    // Of the `slice` requests just counted, those that fit under the limit are ours to spend.
    const granted = Math.max(0, Math.min(slice, limit - (state.count - slice)));
    const lease = this.leases.get(bucket);
    const exhausted = granted < slice;
    if (lease && lease.resetAt.getTime() === state.resetAt.getTime()) {
      // Same window: what is left of the current lease stays ours.
      lease.remaining += granted;
      lease.exhausted = exhausted;
    } else {
      this.leases.set(bucket, { remaining: granted, resetAt: state.resetAt, exhausted });
    }
  }
}

/**
 * One limiter per database: its leases are shares of that database's counters, and a key id names a
 * key only within its database (as the arrival batchers, candidates/arrival-batcher.ts).
 */
const limiterFor = perDatabase(() => new LeasedRateLimiter());

export async function limitApiKey(ctx: AppContext): Promise<void> {
  const { knex, config } = ctx.state.deps;
  const wait = await limiterFor(knex).take(knex, `api-key:${ctx.state.apiKeyId}`, config.apiKeyRequestsPerMinute);
  if (wait !== undefined) throw tooManyRequests(wait, 'Too many requests with this API key. Try again later.');
}
