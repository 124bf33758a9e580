/**
 * Fixed-window counters kept in PostgreSQL, so a limit holds across every server instance.
 * `hit` counts one event in a bucket and says whether the bucket is over its limit.
 */
import type { Knex } from 'knex';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface BucketState {
  count: number;
  resetAt: Date;
}

export function retryAfterSeconds(state: BucketState): number {
  return Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
}

/** The bucket's state if it is currently over its limit, else undefined. */
export async function checkLimit(db: Knex, bucket: string, rule: RateLimitRule): Promise<BucketState | undefined> {
  const row = await db('rate_limits').where({ bucket }).where('reset_at', '>', db.fn.now()).first();
  if (row && row.count >= rule.limit) return { count: row.count, resetAt: new Date(row.resetAt) };
  return undefined;
}

/** Counts one event; starts a new window when the old one has ended. */
export function hit(db: Knex, bucket: string, rule: RateLimitRule): Promise<BucketState> {
  return hitBy(db, bucket, rule, 1);
}

/** Counts `events` events at once (a lease of that many requests, see api-key-rate-limit.ts). */
export async function hitBy(db: Knex, bucket: string, rule: RateLimitRule, events: number): Promise<BucketState> {
  const windowSeconds = rule.windowMs / 1000;
  const { rows } = await db.raw(
    `INSERT INTO rate_limits (bucket, count, reset_at)
       VALUES (?, ?, now() + make_interval(secs => ?))
     ON CONFLICT (bucket) DO UPDATE SET
       count = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.count ELSE rate_limits.count + EXCLUDED.count END,
       reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
     RETURNING count, reset_at`,
    [bucket, events, windowSeconds],
  );
  const row = rows[0] as { count: number; reset_at: Date };
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

export async function clearBucket(db: Knex, bucket: string): Promise<void> {
  await db('rate_limits').where({ bucket }).delete();
}
