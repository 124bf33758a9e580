import Router from '@koa/router';
import { defineRoute } from '../http/route';
import { getScorecardCriteria, getSystemSettings, updateScorecardCriteria, updateSystemSettings } from './app-settings.service';

export function settingsRouter(): Router {
  const router = new Router();
  defineRoute(router, 'getSystemSettings', { access: 'admin' }, async (ctx) => getSystemSettings(ctx.state.deps.knex));
  defineRoute(router, 'updateSystemSettings', { access: 'admin' }, async (ctx, { body }) =>
    ctx.state.deps.knex.transaction((trx) => updateSystemSettings(trx, body)),
  );
  defineRoute(router, 'getScorecardCriteria', { access: 'user' }, async (ctx) => getScorecardCriteria(ctx.state.deps.knex));
  defineRoute(router, 'updateScorecardCriteria', { access: 'admin' }, async (ctx, { body }) =>
    ctx.state.deps.knex.transaction((trx) => updateScorecardCriteria(trx, body)),
  );
  return router;
}
