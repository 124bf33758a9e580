import Router from '@koa/router';
import { defineRoute } from '../http/route';
import { push } from './push.service';
import { pull } from './pull.service';

export function syncRouter(): Router {
  const router = new Router();
  defineRoute(router, 'syncPush', { access: 'user' }, async (ctx, { body }) => push(ctx.state.deps.knex, ctx.state.user!, body));
  defineRoute(router, 'syncPull', { access: 'user' }, async (ctx, { query }) => {
    ctx.set('Cache-Control', 'no-store');
    return pull(ctx.state.deps.knex, ctx.state.user!, query);
  });
  return router;
}
