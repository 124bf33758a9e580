/**
 * REST hook subscriptions: an API key subscribes a target URL to an event (the Zapier app, when a Zap
 * is turned on), and unsubscribes it (turned off); the key's owner — or an admin — lists and removes a
 * key's subscriptions in Settings → API Keys. A subscription belongs to its key and its key's owner:
 * another user's key, or another user's session, finds it as missing as one that never existed. Deleting
 * the key (or its owner) deletes its subscriptions and the deliveries they were still owed.
 */
import type { Knex } from 'knex';
import { WEBHOOK_URL_MAX, type WebhookSubscription, type ZapierEvent } from '@shared/schemas/zapier.schema';
import type { Role } from '@shared/schemas/user.schema';
import { badRequest, conflict, notFound } from '../lib/errors';
import { API_KEY_NOT_FOUND } from '../api-keys/api-keys.service';
import { resolveAll, TargetRefused, vetTarget, type TargetPolicy } from './target-policy';

export const HOOK_NOT_FOUND = 'Hook not found';
/** More than any number of Zaps one key serves; a runaway client cannot pile up deliveries. */
export const MAX_HOOKS_PER_KEY = 100;

const COLUMNS = ['id', 'apiKeyId', 'event', 'targetUrl', 'createdAt'];

function toDto(row: { id: number; apiKeyId: number; event: ZapierEvent; targetUrl: string; createdAt: unknown }): WebhookSubscription {
  return {
    id: Number(row.id),
    apiKeyId: Number(row.apiKeyId),
    event: row.event,
    targetUrl: row.targetUrl,
    createdAt: new Date(row.createdAt as string).toISOString(),
  };
}

export function targetPolicy(allowedAddresses: readonly string[] = []): TargetPolicy {
  return { allowedAddresses, resolve: resolveAll };
}

export interface KeyCaller {
  apiKeyId: number;
  userId: number;
}

/**
 * Subscribes `targetUrl` to `event` for the calling key. The same key subscribing the same URL and
 * event again answers the existing subscription (`created: false`), so a retried subscribe makes one.
 */
export async function subscribe(
  knex: Knex,
  caller: KeyCaller,
  input: { targetUrl: string; event: ZapierEvent },
  policy: TargetPolicy,
): Promise<{ subscription: WebhookSubscription; created: boolean }> {
  let targetUrl: string;
  try {
    // Stored as the URL parser writes it: ASCII only (non-ASCII percent-encoded), so it fits an index.
    targetUrl = (await vetTarget(input.targetUrl, policy)).url.href;
  } catch (error) {
    if (error instanceof TargetRefused) throw badRequest(error.message, { targetUrl: error.message });
    throw error;
  }
  if (targetUrl.length > WEBHOOK_URL_MAX) {
    const message = `Target URL must be at most ${WEBHOOK_URL_MAX} characters`;
    throw badRequest(message, { targetUrl: message });
  }
  return knex.transaction(async (trx) => {
    // The key's row serialises its subscribes, so the cap and the "already there" answer hold.
    const key = await trx('api_keys').where({ id: caller.apiKeyId }).first('id').forUpdate();
    if (!key) throw notFound(API_KEY_NOT_FOUND);
    const existing = await trx('webhook_subscriptions').where({ apiKeyId: caller.apiKeyId, event: input.event, targetUrl: targetUrl }).first(COLUMNS);
    if (existing) return { subscription: toDto(existing), created: false };
    const counted = await trx('webhook_subscriptions').where({ apiKeyId: caller.apiKeyId }).count({ count: '*' }).first();
    if (Number(counted?.count ?? 0) >= MAX_HOOKS_PER_KEY) {
      throw conflict(`This API key already has ${MAX_HOOKS_PER_KEY} hooks; remove some in Settings → API Keys`);
    }
    const [row] = await trx('webhook_subscriptions')
      .insert({ apiKeyId: caller.apiKeyId, userId: caller.userId, event: input.event, targetUrl: targetUrl })
      .returning(COLUMNS);
    return { subscription: toDto(row), created: true };
  });
}

/** The hooks of every key of `userId`, oldest first (what an integration's key may see). */
export async function listUserHooks(knex: Knex, userId: number): Promise<WebhookSubscription[]> {
  const rows = await knex('webhook_subscriptions').where({ userId }).orderBy('id').select(COLUMNS);
  return rows.map(toDto);
}

/** Unsubscribes a hook of `userId`'s keys; anyone else's is not found. */
export async function unsubscribe(knex: Knex, userId: number, id: number): Promise<void> {
  // Counted through `returning`: the embedded database's driver does not report affected-row counts.
  const deleted = await knex('webhook_subscriptions').where({ id, userId }).delete().returning('id');
  if (deleted.length === 0) throw notFound(HOOK_NOT_FOUND);
}

export interface SessionCaller {
  id: number;
  role: Role;
}

/** The key, if the caller may manage its hooks: its owner, or an admin. */
async function manageableKey(knex: Knex, caller: SessionCaller, apiKeyId: number): Promise<void> {
  const query = knex('api_keys').where({ id: apiKeyId });
  if (caller.role !== 'admin') query.where({ userId: caller.id });
  if (!(await query.first('id'))) throw notFound(API_KEY_NOT_FOUND);
}

export async function listKeyHooks(knex: Knex, caller: SessionCaller, apiKeyId: number): Promise<WebhookSubscription[]> {
  await manageableKey(knex, caller, apiKeyId);
  const rows = await knex('webhook_subscriptions').where({ apiKeyId }).orderBy('id').select(COLUMNS);
  return rows.map(toDto);
}

export async function removeKeyHook(knex: Knex, caller: SessionCaller, apiKeyId: number, id: number): Promise<void> {
  await manageableKey(knex, caller, apiKeyId);
  const deleted = await knex('webhook_subscriptions').where({ id, apiKeyId }).delete().returning('id');
  if (deleted.length === 0) throw notFound(HOOK_NOT_FOUND);
}
