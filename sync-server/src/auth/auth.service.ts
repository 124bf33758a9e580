/**
 * Signing in. Failed attempts are counted per client IP and per username in PostgreSQL, so the limits
 * hold across instances; over a limit the answer is 429 with Retry-After, before the password is even
 * checked. A successful sign-in clears the username's counter.
 */
import type { Knex } from 'knex';
import type { LoginInput } from '@shared/schemas/user.schema';
import { tooManyRequests, unauthenticated } from '../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../crypto/password';
import { checkLimit, clearBucket, hit, retryAfterSeconds, type RateLimitRule } from '../db/rate-limit';
import { findByUsername } from '../users/users.service';
import type { UserModel } from '../db/user.model';

export const LOGIN_LIMITS = {
  perUsername: { limit: 10, windowMs: 15 * 60 * 1000 } satisfies RateLimitRule,
  perIp: { limit: 50, windowMs: 15 * 60 * 1000 } satisfies RateLimitRule,
};
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password';

export async function login(db: Knex, input: LoginInput, ip: string, logN: number): Promise<UserModel> {
  const buckets: Array<[string, RateLimitRule]> = [
    [`login:user:${input.username.trim().toLowerCase()}`, LOGIN_LIMITS.perUsername],
    [`login:ip:${ip}`, LOGIN_LIMITS.perIp],
  ];
  for (const [bucket, rule] of buckets) {
    const over = await checkLimit(db, bucket, rule);
    if (over) throw tooManyRequests(retryAfterSeconds(over), 'Too many sign-in attempts. Try again later.');
  }
  const user = await findByUsername(db, input.username);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(logN)));
  if (!user || !valid) {
    for (const [bucket, rule] of buckets) await hit(db, bucket, rule);
    throw unauthenticated(INVALID_LOGIN_MESSAGE);
  }
  await clearBucket(db, buckets[0]![0]);
  return user;
}
