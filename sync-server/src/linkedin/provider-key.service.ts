/**
 * Each user's key for the people-search provider, stored only as AES-256-GCM ciphertext bound to the
 * user (see crypto/secret-box.ts). Nothing here ever returns the key to a caller outside the server:
 * the API answers `hasKey` only; the search runner decrypts it just before calling the provider.
 */
import type { Knex } from 'knex';
import { SecretBox } from '../crypto/secret-box';
import { AppError } from '../lib/errors';
import { ERROR_CODES } from '@shared/api/error.schema';

const PURPOSE = 'provider-api-key';
const boxes = new Map<string, SecretBox>();

function box(secret: string): SecretBox {
  let found = boxes.get(secret);
  if (!found) {
    found = new SecretBox(secret, PURPOSE);
    boxes.set(secret, found);
  }
  return found;
}

const owner = (userId: number) => `user:${userId}`;

function keyError(message: string): AppError {
  return new AppError(400, ERROR_CODES.validation, message, { fields: { api_key: message }, named: { error: message } });
}

/** The key as the user typed it, trimmed; refused when empty or not something a header can carry. */
export function cleanProviderKey(raw: string | undefined): string {
  const key = (raw ?? '').trim();
  if (!key) throw keyError('Please enter your Proxycurl API key');
  if (key.length > 500) throw keyError('The API key is too long');
  if (/[\s\u0000-\u001f\u007f]/.test(key) || /[^\x21-\x7e]/.test(key)) {
    throw keyError('The API key contains spaces or characters an API key cannot have');
  }
  return key;
}

export async function saveProviderKey(trx: Knex, secret: string, userId: number, apiKey: string): Promise<void> {
  await trx('proxycurl_api_keys')
    .insert({ userId, apiKeyEncrypted: box(secret).seal(apiKey, owner(userId)), createdAt: trx.fn.now(), lastUsed: null })
    .onConflict('user_id')
    .merge(['apiKeyEncrypted', 'createdAt', 'lastUsed']);
}

export async function hasProviderKey(db: Knex, userId: number): Promise<boolean> {
  return Boolean(await db('proxycurl_api_keys').where({ userId }).first('id'));
}

export type LoadedKey = { ok: true; apiKey: string } | { ok: false; reason: 'missing' | 'unreadable' };

/** The decrypted key; `unreadable` when it was stored under another SECRET_KEY. */
export async function loadProviderKey(db: Knex, secret: string, userId: number): Promise<LoadedKey> {
  const row = (await db('proxycurl_api_keys').where({ userId }).first('apiKeyEncrypted')) as { apiKeyEncrypted: string } | undefined;
  if (!row) return { ok: false, reason: 'missing' };
  const apiKey = box(secret).open(row.apiKeyEncrypted, owner(userId));
  return apiKey === undefined ? { ok: false, reason: 'unreadable' } : { ok: true, apiKey };
}

export async function markProviderKeyUsed(db: Knex, userId: number): Promise<void> {
  await db('proxycurl_api_keys').where({ userId }).update({ lastUsed: db.fn.now() });
}
