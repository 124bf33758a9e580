/**
 * Per-key request limit for integrations, counted in PostgreSQL (rate_limits) so it holds across
 * server instances. Over the limit answers 429 with Retry-After, which Zapier treats as "retry later".
 *
 * Writing the key's counter row on every request made that row the hot spot of a busy key (one locked
 * update and one commit per request). Instead each process leases a slice of the window's allowance
 * (a twentieth of the limit, at most 50 requests) with one update and spends it locally; the shared row
 * is only touched when a lease runs out. The count in the row includes leased requests, so all
 * instances together never exceed the limit; an instance may refuse a little early while another holds
 * unspent lease, by at most one slice per instance.
 */
import type { Knex } from 'knex';
import { tooManyRequests } from '../errors';
import type { AppContext } from '../http/context';
import { hitBy, retryAfterSeconds } from '../auth/rate-limit';

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
    // Each round either spends a request or renews the lease; a renewal either grants requests (which
    // someone spends) or finds the window used up, so this ends within limit / slice rounds.
    for (;;) {
      const lease = this.leases.get(bucket);
      const live = lease !== undefined && lease.resetAt.getTime() > Date.now();
      if (live && lease.remaining > 0) {
        lease.remaining -= 1;
        return undefined;
      }
      if (live && lease.exhausted) return retryAfterSeconds({ count: limit, resetAt: lease.resetAt });
      // One renewal per bucket at a time; requests arriving meanwhile wait for it and try again.
      let renewal = this.renewing.get(bucket);
      if (!renewal) {
        renewal = this.renew(db, bucket, limit).finally(() => this.renewing.delete(bucket));
        this.renewing.set(bucket, renewal);
      }
      await renewal;
    }
  }

  private async renew(db: Knex, bucket: string, limit: number): Promise<void> {
    const slice = Math.max(1, Math.min(MAX_SLICE, Math.floor(limit / 20)));
    const state = await hitBy(db, bucket, { limit, windowMs: this.windowMs }, slice);
    // Of the `slice` requests just counted, those that fit under the limit are ours to spend.
    const granted = Math.max(0, Math.min(slice, limit - (state.count - slice)));
    this.leases.set(bucket, { remaining: granted, resetAt: state.resetAt, exhausted: granted < slice });
  }
}

const limiter = new LeasedRateLimiter();

export async function limitApiKey(ctx: AppContext): Promise<void> {
  const { knex, config } = ctx.state.deps;
  const wait = await limiter.take(knex, `api-key:${ctx.state.apiKeyId}`, config.apiKeyRequestsPerMinute);
  if (wait !== undefined) throw tooManyRequests(wait, 'Too many requests with this API key. Try again later.');
}
