/**
 * Authenticates integration calls by API key (X-API-Key header, or `?key=` for form tools that cannot
 * set headers). Keys are `rk_` + 32 random bytes; only their SHA-256 is stored, and the lookup compares
 * fixed-length digests, so neither the database nor response timing reveals a key. A key acts as its
 * owner, only on the routes declared `apiKey` (the integrations); every other route ignores it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { unauthenticated } from '../lib/errors';
import type { AppContext } from '../db/context';
import { UserModel } from '../db/user.model';

export const API_KEY_PREFIX = 'rk_';
const DISPLAY_PREFIX_LENGTH = 10;
/** lastUsed is refreshed at most this often, so a busy key does not write its row on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;
export const INVALID_API_KEY = 'Invalid or missing API key';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

function presentedKey(ctx: AppContext): string | undefined {
  const header = ctx.get('x-api-key').trim();
  if (header) return header;
  const fromQuery = ctx.query.key;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery.trim() : undefined;
}

interface KeyOwner {
  keyId: number;
  keyName: string;
  keyHash: string;
  lastUsed: number | null;
  user: UserModel;
  cachedAt: number;
}

/**
 * Recently authenticated keys, by digest, for AUTH_CACHE_MS: a busy integration then costs no lookup
 * per request. Deleting a key (or its owner) here forgets it at once; another server instance stops
 * accepting it within AUTH_CACHE_MS.
 */
export const AUTH_CACHE_MS = 5_000;
const AUTH_CACHE_MAX = 1_000;
const authCache = new Map<string, KeyOwner>();

export function forgetApiKeys(predicate: (entry: { keyId: number; userId: number }) => boolean): void {
  for (const [digest, entry] of authCache) if (predicate({ keyId: entry.keyId, userId: entry.user.id })) authCache.delete(digest);
}

async function lookUpKey(ctx: AppContext, digest: string): Promise<KeyOwner | undefined> {
  const cached = authCache.get(digest);
  if (cached && Date.now() - cached.cachedAt < AUTH_CACHE_MS) return cached;
  authCache.delete(digest);
  const row = await ctx.state.deps.knex('api_keys as k')
    .join('users as u', 'u.id', 'k.userId')
    .where('k.keyHash', digest)
    .first('u.*', 'k.id as keyId', 'k.name as keyName', 'k.keyHash as keyHash', 'k.lastUsed as keyLastUsed');
  if (!row) return undefined;
  const { keyId, keyName, keyHash, keyLastUsed, ...user } = row;
  const owner: KeyOwner = {
    keyId,
    keyName,
    keyHash,
    lastUsed: keyLastUsed ? new Date(keyLastUsed).getTime() : null,
    user: UserModel.fromDatabaseJson(user),
    cachedAt: Date.now(),
  };
  if (authCache.size >= AUTH_CACHE_MAX) authCache.delete(authCache.keys().next().value!);
  authCache.set(digest, owner);
  return owner;
}

export async function authenticateApiKey(ctx: AppContext): Promise<void> {
  const key = presentedKey(ctx);
  if (!key || !key.startsWith(API_KEY_PREFIX) || key.length > 200) throw unauthenticated(INVALID_API_KEY);
  const digest = hashApiKey(key);
  const owner = await lookUpKey(ctx, digest);
  if (!owner || !timingSafeEqual(Buffer.from(owner.keyHash, 'hex'), Buffer.from(digest, 'hex'))) {
    throw unauthenticated(INVALID_API_KEY);
  }
  ctx.state.user = owner.user;
  ctx.state.apiKeyId = owner.keyId;
  ctx.state.apiKeyName = owner.keyName;
  if (owner.lastUsed === null || Date.now() - owner.lastUsed > LAST_USED_RESOLUTION_MS) {
    owner.lastUsed = Date.now();
    const { knex } = ctx.state.deps;
    await knex('api_keys')
      .where({ id: owner.keyId })
      .where((q) => q.whereNull('lastUsed').orWhereRaw(`last_used < now() - interval '1 minute'`))
      .update({ lastUsed: knex.fn.now() });
  }
}
