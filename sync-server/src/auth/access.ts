/**
 * Who may call a route. Every route declares one of these; the server enforces it before the handler
 * runs, whatever the UI shows or hides.
 *   public  — anyone
 *   user    — a signed-in user (cookie session)
 *   admin   — a signed-in admin
 *   apiKey  — an integration presenting an API key (cookies are ignored)
 */
import type { Context, Next } from 'koa';
import { forbidden, unauthenticated } from '../lib/errors';
import type { AppContext } from '../db/context';
import { UserModel } from '../db/user.model';
import { authenticateApiKey } from '../api-keys/api-key-auth';
import { limitApiKey } from '../api-keys/api-key-rate-limit';
import { sessionUserId } from './session-store';

export type Access = 'public' | 'user' | 'admin' | 'apiKey';

export const ADMIN_ONLY_MESSAGE = 'Only administrators can do this';

/** The signed-in user of this request, or undefined. A session of a deleted user counts as none. */
export async function loadSessionUser(ctx: AppContext): Promise<UserModel | undefined> {
  if (ctx.state.user) return ctx.state.user;
  const userId = sessionUserId(ctx);
  if (userId === undefined) return undefined;
  const user = await UserModel.query(ctx.state.deps.knex).findById(userId);
  if (!user) {
    ctx.session = null;
    return undefined;
  }
  ctx.state.user = user;
  return user;
}

export function requireAccess(access: Access) {
  return async (koaCtx: Context, next: Next) => {
    const ctx = koaCtx as AppContext;
    if (access === 'apiKey') {
      await authenticateApiKey(ctx);
      await limitApiKey(ctx);
      return next();
    }
    if (access === 'public') return next();
    const user = await loadSessionUser(ctx);
    if (!user) throw unauthenticated();
    if (access === 'admin' && user.role !== 'admin') throw forbidden(ADMIN_ONLY_MESSAGE);
    return next();
  };
}
