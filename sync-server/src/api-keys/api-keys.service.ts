/** A user's integration keys: listed by display prefix, created (shown in full once), deleted. */
import type { Knex } from 'knex';
import type { ApiKey } from '@shared/schemas/api-key.schema';
import { notFound } from '../lib/errors';
import { forgetApiKeys, generateApiKey } from './api-key-auth';
import type { ApiKeyModel } from './api-key.model';

export const API_KEY_NOT_FOUND = 'API key not found';

type KeyRow = Pick<ApiKeyModel, 'id' | 'name' | 'keyPrefix' | 'createdAt' | 'lastUsed'>;

function toApiKeyDto(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsed: row.lastUsed ? new Date(row.lastUsed).toISOString() : null,
  };
}

const COLUMNS = ['id', 'name', 'keyPrefix', 'createdAt', 'lastUsed'];

export async function listApiKeys(db: Knex, userId: number): Promise<ApiKey[]> {
  const rows = await db('api_keys').where({ userId }).orderBy([{ column: 'createdAt', order: 'desc' }, { column: 'id', order: 'desc' }]).select(COLUMNS);
  return rows.map(toApiKeyDto);
}

export async function createApiKey(db: Knex, userId: number, name: string): Promise<ApiKey & { key: string }> {
  const { key, hash, prefix } = generateApiKey();
  const [row] = await db('api_keys').insert({ name, keyHash: hash, keyPrefix: prefix, userId }).returning(COLUMNS);
  return { ...toApiKeyDto(row), key };
}

/** Only the owner's own keys; another user's key id is as unknown as a missing one. */
export async function deleteApiKey(db: Knex, userId: number, id: number): Promise<void> {
  // Counted through `returning`: the embedded database's driver does not report affected-row counts.
  const deleted = await db('api_keys').where({ id, userId }).delete().returning('id');
  if (deleted.length === 0) throw notFound(API_KEY_NOT_FOUND);
  forgetApiKeys((entry) => entry.keyId === id);
}
