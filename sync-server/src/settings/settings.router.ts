import Router from '@koa/router';
import { defineRoute } from '../http/route';
import { getSystemSettings, updateSystemSettings } from './app-settings.service';

export function settingsRouter(): Router {
  const router = new Router();
  defineRoute(router, 'getSystemSettings', { access: 'admin' }, async (ctx) => getSystemSettings(ctx.state.deps.knex));
  defineRoute(router, 'updateSystemSettings', { access: 'admin' }, async (ctx, { body }) =>
    ctx.state.deps.knex.transaction((trx) => updateSystemSettings(trx, body)),
  );
  return router;
}
