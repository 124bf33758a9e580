import Router from '@koa/router';
import { defineRoute } from '../http/route';
import type { AppContext } from '../db/context';
import { unauthenticated } from '../lib/errors';
import { getSystemSettings } from '../settings/app-settings.service';
import { register, toUserDto } from '../users/users.service';
import type { UserModel } from '../db/user.model';
import { loadSessionUser } from './access';
import { login } from './auth.service';
import { REMEMBER_ME_MS } from './session-store';

/** A new session id at every sign-in (no fixation), persistent only with "remember me". */
async function startSession(ctx: AppContext, user: UserModel, rememberMe: boolean) {
  const session = ctx.session!;
  session.userId = user.id;
  session.maxAge = rememberMe ? REMEMBER_ME_MS : 'session';
  await session.regenerate();
}

export function authRouter(): Router {
  const router = new Router();

  defineRoute(router, 'config', { access: 'public' }, async (ctx) => {
    const { deps } = ctx.state;
    const settings = await getSystemSettings(deps.knex);
    const { count } = (await deps.knex('users').count({ count: '*' }).first()) as { count: string };
    return { appName: deps.config.appName, registrationOpen: Number(count) === 0 || settings.allowSelfRegistration };
  });

  defineRoute(router, 'currentUser', { access: 'public' }, async (ctx) => {
    const user = await loadSessionUser(ctx);
    if (!user) throw unauthenticated();
    return toUserDto(user);
  });

  defineRoute(router, 'login', { access: 'public' }, async (ctx, { body }) => {
    const { deps } = ctx.state;
    const user = await login(deps.knex, body, ctx.ip, deps.config.scryptLogN);
    await startSession(ctx, user, body.rememberMe === true);
    return toUserDto(user);
  });

  defineRoute(router, 'register', { access: 'public', status: 201 }, async (ctx, { body }) => {
    const { deps } = ctx.state;
    const user = await deps.knex.transaction((trx) => register(trx, body, deps.config.scryptLogN));
    await startSession(ctx, user, false);
    return toUserDto(user);
  });

  defineRoute(router, 'logout', { access: 'public' }, async (ctx) => {
    ctx.session = null;
    return { ok: true as const };
  });

  return router;
}
