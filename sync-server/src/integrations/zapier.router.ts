/**
 * Zapier: creates candidates with an API key (header X-API-Key), and answers the key's owner for
 * Zapier's connection test. A known email (trimmed, lower-cased) updates that candidate and appends
 * "Candidate reapplied via Zapier", so a replayed Zap step never duplicates a candidate.
 */
import Router from '@koa/router';
import { defineRoute } from '../http/route';
import { toCandidateDto } from '../candidates/candidate.store';
import { receiveArrival } from '../candidates/candidate-writes.service';

export const ZAPIER_SOURCE = 'Zapier';

export function zapierRouter(): Router {
  const router = new Router();

  defineRoute(router, 'zapierCreateCandidate', { access: 'apiKey', status: 201 }, async (ctx, { body }) => {
    const writer = { origin: 'zapier' as const, userId: ctx.state.user!.id, apiKeyName: ctx.state.apiKeyName };
    const { candidate, created } = await receiveArrival(ctx.state.deps.knex, writer, body, ZAPIER_SOURCE);
    if (!created) ctx.state.responseStatus = 200;
    return toCandidateDto(candidate);
  });

  defineRoute(router, 'zapierMe', { access: 'apiKey' }, async (ctx) => {
    const user = ctx.state.user!;
    return { id: user.id, username: user.username, displayName: user.displayName ?? null, keyName: ctx.state.apiKeyName ?? '' };
  });

  return router;
}
