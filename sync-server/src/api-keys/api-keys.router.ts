import Router from '@koa/router';
import { defineRoute, idParam } from '../http/route';
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.service';
import { listKeyHooks, removeKeyHook } from '../webhooks/webhooks.service';

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

  // A key's REST hooks: its owner's, or any key's for an admin (webhooks.service.ts checks which).
  defineRoute(router, 'listApiKeyHooks', { access: 'user' }, async (ctx, { params }) =>
    listKeyHooks(ctx.state.deps.knex, ctx.state.user!, idParam(params)),
  );

  defineRoute(router, 'deleteApiKeyHook', { access: 'user' }, async (ctx, { params }) => {
    await removeKeyHook(ctx.state.deps.knex, ctx.state.user!, idParam(params), idParam(params, 'hookId'));
    return { ok: true as const };
  });

  return router;
}
