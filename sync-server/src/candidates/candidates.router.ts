import Router from '@koa/router';
import { JsonText, defineRoute, idParam } from '../http/route';
import { toCandidateDto } from './candidate.store';
import { candidateHistory, listLiveCandidatesJson, patchCandidate } from './candidates.service';
import { deduplicate } from './dedup.service';
import { eraseCandidate } from './erase.service';

export function candidatesRouter(): Router {
  const router = new Router();

  defineRoute(router, 'listCandidates', { access: 'user' }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return new JsonText(await listLiveCandidatesJson(ctx.state.deps.knex));
  });

  defineRoute(router, 'updateCandidate', { access: 'user' }, async (ctx, { body, params }) => {
    const id = idParam(params);
    const updated = await ctx.state.deps.knex.transaction((trx) => patchCandidate(trx, ctx.state.user!.id, id, body));
    return toCandidateDto(updated);
  });

  defineRoute(router, 'candidateHistory', { access: 'user' }, async (ctx, { params }) =>
    candidateHistory(ctx.state.deps.knex, idParam(params)),
  );

  defineRoute(router, 'eraseCandidate', { access: 'admin' }, async (ctx, { params }) => {
    const id = idParam(params);
    return ctx.state.deps.knex.transaction((trx) => eraseCandidate(trx, ctx.state.user!.id, id));
  });

  defineRoute(router, 'deduplicateCandidates', { access: 'admin' }, async (ctx) =>
    ctx.state.deps.knex.transaction((trx) => deduplicate(trx, ctx.state.user!.id, 'merge')),
  );

  defineRoute(router, 'dedupNow', { access: 'admin' }, async (ctx) => {
    const { duplicatesRemoved } = await ctx.state.deps.knex.transaction((trx) => deduplicate(trx, ctx.state.user!.id, 'delete'));
    return { duplicatesRemoved };
  });

  return router;
}
