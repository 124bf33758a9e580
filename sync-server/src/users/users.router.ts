import Router from '@koa/router';
import { defineRoute, idParam } from '../http/route';
import {
  createUser,
  deleteUser,
  toUserDto,
  updateAppearance,
  updateNotifications,
  updateUser,
} from './users.service';
import { UserModel } from '../db/user.model';

export function usersRouter(): Router {
  const router = new Router();

  defineRoute(router, 'listUsers', { access: 'admin' }, async (ctx) => {
    const users = await UserModel.query(ctx.state.deps.knex).orderBy('id');
    return users.map(toUserDto);
  });

  defineRoute(router, 'listTeam', { access: 'user' }, async (ctx) => {
    const users = await UserModel.query(ctx.state.deps.knex).orderBy('id').select('id', 'username', 'displayName');
    return users.map((user) => ({ id: user.id, name: user.displayName?.trim() || user.username }));
  });

  defineRoute(router, 'createUser', { access: 'admin', status: 201 }, async (ctx, { body }) => {
    const { deps } = ctx.state;
    const user = await deps.knex.transaction((trx) => createUser(trx, body, deps.config.scryptLogN));
    return toUserDto(user);
  });

  defineRoute(router, 'updateUser', { access: 'user' }, async (ctx, { body, params }) => {
    const { deps } = ctx.state;
    const id = idParam(params);
    const actor = ctx.state.user!;
    const user = await deps.knex.transaction((trx) => updateUser(trx, actor, id, body, deps.config.scryptLogN));
    // A password change ended the user's other sessions; this one continues under a new id.
    if (body.password !== undefined && actor.id === id && ctx.session) await ctx.session.regenerate();
    return toUserDto(user);
  });

  defineRoute(router, 'deleteUser', { access: 'admin' }, async (ctx, { params }) => {
    const id = idParam(params);
    await ctx.state.deps.knex.transaction((trx) => deleteUser(trx, ctx.state.user!, id));
    return { ok: true as const };
  });

  defineRoute(router, 'updateAppearance', { access: 'user' }, async (ctx, { body, params }) => {
    const user = await updateAppearance(ctx.state.deps.knex, ctx.state.user!, idParam(params), body);
    return toUserDto(user);
  });

  defineRoute(router, 'updateNotifications', { access: 'user' }, async (ctx, { body, params }) => {
    const user = await updateNotifications(ctx.state.deps.knex, ctx.state.user!, idParam(params), body);
    return toUserDto(user);
  });

  return router;
}
