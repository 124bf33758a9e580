import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database';
import { LeasedRateLimiter } from './api-key-rate-limit';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

async function takeMany(limiter: LeasedRateLimiter, bucket: string, limit: number, times: number) {
  const results = await Promise.all(Array.from({ length: times }, () => limiter.take(db.knex, bucket, limit)));
  return { allowed: results.filter((r) => r === undefined).length, waits: results.filter((r) => r !== undefined) as number[] };
}

describe('leased per-key rate limit', () => {
  it('allows exactly the limit from one instance, then asks to retry after the window', async () => {
    const limiter = new LeasedRateLimiter();
    const { allowed, waits } = await takeMany(limiter, 'k1', 100, 130);
    expect(allowed).toBe(100);
    expect(waits).toHaveLength(30);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...waits)).toBeLessThanOrEqual(60);
  });

  it('never lets several instances together exceed the limit', async () => {
    const instances = [new LeasedRateLimiter(), new LeasedRateLimiter(), new LeasedRateLimiter()];
    const results = await Promise.all(instances.map((limiter) => takeMany(limiter, 'k2', 200, 100)));
    const allowed = results.reduce((sum, r) => sum + r.allowed, 0);
    expect(allowed).toBeLessThanOrEqual(200);
    // Unspent leases held by one instance may refuse another early (here by less than a slice each).
    expect(allowed).toBeGreaterThanOrEqual(200 - instances.length * 10);
  });

  it('touches the shared counter once per slice, not once per request', async () => {
    const limiter = new LeasedRateLimiter();
    for (let i = 0; i < 45; i++) expect(await limiter.take(db.knex, 'k3', 600)).toBeUndefined();
    const row = await db.knex('rate_limits').where({ bucket: 'k3' }).first();
    // 600 a minute → slices of 30: two leases for 45 requests.
    expect(row.count).toBe(60);
  });

  it('leases the next slice before the current one runs out', async () => {
    const limiter = new LeasedRateLimiter();
    // 600 a minute → slices of 30; the next is leased once fewer than a quarter (7.5) are left.
    for (let i = 0; i < 22; i++) expect(await limiter.take(db.knex, 'k5', 600)).toBeUndefined();
    expect((await db.knex('rate_limits').where({ bucket: 'k5' }).first()).count).toBe(30);
    expect(await limiter.take(db.knex, 'k5', 600)).toBeUndefined();
    await expect.poll(async () => (await db.knex('rate_limits').where({ bucket: 'k5' }).first()).count).toBe(60);
    // The rest of both slices is spent before a third is leased (29 leaves 8 of the second).
    for (let i = 0; i < 29; i++) expect(await limiter.take(db.knex, 'k5', 600)).toBeUndefined();
    expect((await db.knex('rate_limits').where({ bucket: 'k5' }).first()).count).toBe(60);
  });

  it('starts afresh when the window ends', async () => {
    const limiter = new LeasedRateLimiter(1000);
    expect((await takeMany(limiter, 'k4', 5, 6)).allowed).toBe(5);
    // Until the window has ended by the database's clock (the counter's) and by ours (the lease's).
    const { resetAt } = await db.knex('rate_limits').where({ bucket: 'k4' }).first();
    await expect
      .poll(async () => Date.now() > resetAt.getTime() && (await db.knex.raw('SELECT now() > ? AS ended', [resetAt])).rows[0].ended, { timeout: 10_000, interval: 20 })
      .toBe(true);
    expect((await takeMany(limiter, 'k4', 5, 5)).allowed).toBe(5);
  });
});
