import Router from '@koa/router';
import { defineRoute } from '../http/route';
import { feedCalendar, feedStatus, resetFeed } from './calendar-feed.service';

export function calendarRouter(): Router {
  const router = new Router();

  defineRoute(router, 'calendarFeedStatus', { access: 'user' }, async (ctx) => feedStatus(ctx.state.deps.knex, ctx.state.user!.id));

  defineRoute(router, 'resetCalendarFeed', { access: 'user' }, async (ctx) => {
    const { knex } = ctx.state.deps;
    return knex.transaction((trx) => resetFeed(trx, ctx.state.user!.id));
  });

  // Public: calendar apps fetch it without a session; the secret token in the address is the key.
  defineRoute(router, 'calendarFeed', { access: 'public', otherStatuses: [404] }, async (ctx, { params }) => {
    const { knex, config } = ctx.state.deps;
    const text = await feedCalendar(knex, params.token ?? '', config.appName, new Date());
    ctx.type = 'text/calendar; charset=utf-8';
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', 'inline; filename="interviews.ics"');
    return text;
  });

  return router;
}
