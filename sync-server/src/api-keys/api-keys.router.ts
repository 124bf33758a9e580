import Router from '@koa/router';
import { defineRoute, idParam } from '../http/route';
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.service';

export function apiKeysRouter(): Router {
  const router = new Router();

  defineRoute(router, 'listApiKeys', { access: 'user' }, async (ctx) => listApiKeys(ctx.state.deps.knex, ctx.state.user!.id));

  defineRoute(router, 'createApiKey', { access: 'user', status: 201 }, async (ctx, { body }) => {
    ctx.set('Cache-Control', 'no-store');
    return createApiKey(ctx.state.deps.knex, ctx.state.user!.id, body.name);
  });

  defineRoute(router, 'deleteApiKey', { access: 'user' }, async (ctx, { params }) => {
    await deleteApiKey(ctx.state.deps.knex, ctx.state.user!.id, idParam(params));
    return { ok: true as const };
  });

  return router;
}
