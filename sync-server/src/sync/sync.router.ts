import Router from '@koa/router';
import { PULL_CURSOR_HEADER, PULL_DONE_HEADER } from '@shared/sync/protocol.schema';
import { defineRoute } from '../http/route';
import { push } from './push.service';
import { pull } from './pull.service';

export function syncRouter(): Router {
  const router = new Router();
  defineRoute(router, 'syncPush', { access: 'user' }, async (ctx, { body }) => push(ctx.state.deps.knex, ctx.state.user!, body));
  defineRoute(router, 'syncPull', { access: 'user' }, async (ctx, { query }) => {
    ctx.set('Cache-Control', 'no-store');
    const { page, cursor, done } = await pull(ctx.state.deps.knex, ctx.state.user!, query);
    ctx.set(PULL_CURSOR_HEADER, cursor);
    ctx.set(PULL_DONE_HEADER, String(done));
    return page;
  });
  return router;
}
