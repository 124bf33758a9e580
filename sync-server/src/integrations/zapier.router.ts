/**
 * Zapier (the app in sync-server/zapier/), with an API key (header X-API-Key): creates candidates —
 * a known email (trimmed, lower-cased) updates that candidate and appends "Candidate reapplied via
 * Zapier", so a replayed Zap step never duplicates one —, finds one by email, lists recent ones as a
 * trigger's samples, adds a note line, changes a status; and answers the key's owner for Zapier's
 * connection test. Every write is the integration's, named with its key in the candidate's history.
 * Its instant triggers subscribe and unsubscribe REST hooks (webhooks/webhooks.service.ts), which the
 * owner sees among the key's hooks in Settings → API Keys.
 */
import Router from '@koa/router';
import { defineRoute, idParam } from '../http/route';
import type { AppContext } from '../db/context';
import type { Writer } from '../candidates/candidate-events';
import { toCandidateDto } from '../candidates/candidate.store';
import { receiveArrival } from '../candidates/candidate-writes.service';
import { addNote, changeStatus, findByEmail, recentFor } from './zapier.service';
import { listUserHooks, subscribe, targetPolicy, unsubscribe } from '../webhooks/webhooks.service';

export const ZAPIER_SOURCE = 'Zapier';

export function zapierRouter(): Router {
  const router = new Router();

  defineRoute(router, 'zapierCreateCandidate', { access: 'apiKey', status: 201, otherStatuses: [200] }, async (ctx, { body }) => {
    const { candidate, created } = await receiveArrival(ctx.state.deps.knex, zapierWriter(ctx), body, ZAPIER_SOURCE);
    if (!created) ctx.state.responseStatus = 200;
    return toCandidateDto(candidate);
  });

  defineRoute(router, 'zapierMe', { access: 'apiKey' }, async (ctx) => {
    const user = ctx.state.user!;
    return { id: user.id, username: user.username, displayName: user.displayName ?? null, keyName: ctx.state.apiKeyName ?? '' };
  });

  defineRoute(router, 'zapierFindCandidates', { access: 'apiKey' }, async (ctx, { query }) =>
    (await findByEmail(ctx.state.deps.knex, query.email)).map(toCandidateDto),
  );

  defineRoute(router, 'zapierRecentCandidates', { access: 'apiKey' }, async (ctx, { query }) =>
    (await recentFor(ctx.state.deps.knex, query.event)).map(toCandidateDto),
  );

  defineRoute(router, 'zapierAddNote', { access: 'apiKey' }, async (ctx, { body, params }) =>
    toCandidateDto(await addNote(ctx.state.deps.knex, zapierWriter(ctx), idParam(params), body.note)),
  );

  defineRoute(router, 'zapierChangeStatus', { access: 'apiKey' }, async (ctx, { body, params }) =>
    toCandidateDto(await changeStatus(ctx.state.deps.knex, zapierWriter(ctx), idParam(params), body.status)),
  );

  defineRoute(router, 'zapierSubscribeHook', { access: 'apiKey', status: 201 }, async (ctx, { body }) => {
    const { knex, config } = ctx.state.deps;
    const caller = { apiKeyId: ctx.state.apiKeyId!, userId: ctx.state.user!.id };
    const { subscription, created } = await subscribe(knex, caller, body, targetPolicy(config.webhookAllowedAddresses));
    if (!created) ctx.state.responseStatus = 200;
    return subscription;
  });

  defineRoute(router, 'zapierListHooks', { access: 'apiKey' }, async (ctx) => listUserHooks(ctx.state.deps.knex, ctx.state.user!.id));

  defineRoute(router, 'zapierUnsubscribeHook', { access: 'apiKey' }, async (ctx, { params }) => {
    await unsubscribe(ctx.state.deps.knex, ctx.state.user!.id, idParam(params));
    return { ok: true as const };
  });

  return router;
}

function zapierWriter(ctx: AppContext): Writer {
  return { origin: 'zapier', userId: ctx.state.user!.id, apiKeyName: ctx.state.apiKeyName };
}
