/**
 * Sessions live in PostgreSQL so every server instance sees the same ones: a logout or a deleted user
 * ends the session everywhere. A "remember me" session lasts 30 days (renewed when half used); a
 * browser-session cookie is backed by a server-side row that expires after a day without use.
 */
import type { Knex } from 'knex';
import type { Context } from 'koa';
import createSession from 'koa-session';
import { randomBytes } from 'node:crypto';

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'rephire.sid';

interface StoredSession {
  userId?: number;
  [key: string]: unknown;
}

export function sessionStore(knex: Knex) {
  return {
    async get(key: string): Promise<StoredSession | null> {
      const row = await knex('sessions').where({ id: key }).where('expires_at', '>', knex.fn.now()).first();
      if (!row) return null;
      const data = row.data as StoredSession;
      // Slide the idle expiry of browser-session sessions, at most once per half period.
      if (data._session && new Date(row.expiresAt).getTime() - Date.now() < BROWSER_SESSION_IDLE_MS / 2) {
        await knex('sessions')
          .where({ id: key })
          .update({ expiresAt: new Date(Date.now() + BROWSER_SESSION_IDLE_MS) });
      }
      return data;
    },
    async set(key: string, data: StoredSession, maxAge: number | 'session'): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : BROWSER_SESSION_IDLE_MS;
      const row = {
        id: key,
        userId: typeof data.userId === 'number' ? data.userId : null,
        data: JSON.stringify(data),
        expiresAt: new Date(Date.now() + ttl),
      };
      await knex('sessions').insert(row).onConflict('id').merge(['userId', 'data', 'expiresAt']);
    },
    async destroy(key: string): Promise<void> {
      await knex('sessions').where({ id: key }).delete();
    },
  };
}

/** Removes expired sessions; run now and then (cheap, indexed). */
export async function purgeExpiredSessions(knex: Knex): Promise<number> {
  return knex('sessions').where('expires_at', '<=', knex.fn.now()).delete();
}

export function sessionMiddleware(app: unknown, knex: Knex) {
  return createSession(
    {
      key: SESSION_COOKIE,
      maxAge: 'session',
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      renew: true,
      store: sessionStore(knex),
      genid: () => randomBytes(32).toString('base64url'),
    } as Parameters<typeof createSession>[0],
    app,
  );
}

declare module 'koa' {
  interface Context {
    session: (StoredSession & { maxAge?: number | 'session'; regenerate(): Promise<void>; save(): Promise<void> }) | null;
  }
}

export function sessionUserId(ctx: Context): number | undefined {
  const id = ctx.session?.userId;
  return typeof id === 'number' ? id : undefined;
}
