/**
 * /api/linkedin: saved leads, the provider key, lead searches (started here, run by the search runner)
 * and the leads' profile pictures. Everything is the signed-in user's own: leads, keys and jobs are
 * always looked up by the session's user id.
 */
import Router from '@koa/router';
import { ERROR_CODES } from '@shared/api/error.schema';
import { AppError, notFound } from '../lib/errors';
import { defineRoute } from '../http/route';
import { countLeads, listLeads } from './lead.service';
import { ImageFetchError, createProfileImageFetcher, type ProfileImageFetcher } from './profile-image';
import type { Config } from '../lib/config';
import { ProviderError } from './provider';
import { cleanProviderKey, hasProviderKey, saveProviderKey } from './provider-key.service';
import { ProxycurlClient } from './proxycurl.client';
import { toJobDto } from './search-job.model';
import { JOB_QUEUED, leadSearchSignals } from './search-job.runner';
import { cancelLeadSearch, currentLeadSearch, startLeadSearch, startMessage } from './search-job.service';

export interface LinkedinRouterOptions {
  /** Replaced in tests only; production uses the strict fetcher. */
  imageFetcher?: ProfileImageFetcher;
  /** Replaced in tests only; production asks the configured provider (LEADS_PROVIDER_URL). */
  keyChecker?: (apiKey: string, config: Config) => Promise<void>;
}

/** Asks the configured provider whether it takes the key; never any other address. */
const providerKeyChecker = (apiKey: string, config: Config) =>
  new ProxycurlClient({ baseUrl: config.leadsProviderUrl, requestsPerMinute: config.leadsProviderRequestsPerMinute }).checkKey(apiKey);

/**
 * A key is saved only once the provider took it: a refused key is refused here with the provider's
 * reason (not found out at the next search), and a provider that cannot be asked is said so.
 */
async function checkWithProvider(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === 'auth') {
      throw new AppError(400, ERROR_CODES.validation, error.message, { fields: { api_key: error.message }, named: { error: error.message } });
    }
    const message = `Could not check the key with the lead provider: ${error.message}. Please try again.`;
    throw new AppError(502, ERROR_CODES.unavailable, message, { named: { error: message } });
  }
}

const IMAGE_FAILURE_CACHE = { 'Cache-Control': 'private, max-age=600' };

export function linkedinRouter(options: LinkedinRouterOptions = {}): Router {
  const router = new Router();
  const fetchImage = options.imageFetcher ?? createProfileImageFetcher();
  const checkKey = options.keyChecker ?? providerKeyChecker;

  defineRoute(router, 'listLeads', { access: 'user' }, async (ctx, { query }) =>
    listLeads(ctx.state.deps.knex, ctx.state.user!.id, query),
  );

  defineRoute(router, 'getProviderKeyStatus', { access: 'user' }, async (ctx) => ({
    hasKey: await hasProviderKey(ctx.state.deps.knex, ctx.state.user!.id),
  }));

  defineRoute(router, 'saveProviderKey', { access: 'user' }, async (ctx, { body }) => {
    const apiKey = cleanProviderKey(body.api_key);
    const { knex, config } = ctx.state.deps;
    await checkWithProvider(() => checkKey(apiKey, config));
    await knex.transaction((trx) => saveProviderKey(trx, config.secretKey, ctx.state.user!.id, apiKey));
    return { hasKey: true as const, message: 'API key saved' };
  });

  defineRoute(router, 'startLeadSearch', { access: 'user', status: 202 }, async (ctx, { body }) => {
    const { knex } = ctx.state.deps;
    const userId = ctx.state.user!.id;
    const { outcome, job } = await knex.transaction((trx) => startLeadSearch(trx, userId, body));
    if (outcome !== 'running') leadSearchSignals.emit(JOB_QUEUED);
    const { total } = await countLeads(knex, userId);
    return { ...startMessage(outcome, job), total_saved: total, job: toJobDto(job) };
  });

  defineRoute(router, 'getCurrentLeadSearch', { access: 'user' }, async (ctx) => {
    const { knex } = ctx.state.deps;
    const userId = ctx.state.user!.id;
    const job = await currentLeadSearch(knex, userId);
    const { total } = await countLeads(knex, userId);
    return { job: job ? toJobDto(job) : null, total_saved: total };
  });

  defineRoute(router, 'cancelLeadSearch', { access: 'user' }, async (ctx, { params }) => {
    const job = await ctx.state.deps.knex.transaction((trx) => cancelLeadSearch(trx, ctx.state.user!.id, params.id ?? ''));
    return { job: toJobDto(job) };
  });

  defineRoute(router, 'leadProfileImage', { access: 'user' }, async (ctx, { params }) => {
    const linkedinUrl = params.url ?? '';
    const lead = (await ctx.state.deps
      .knex('linkedin_sales_reps')
      .where({ userId: ctx.state.user!.id, linkedinUrl })
      .first('profilePicUrl')) as { profilePicUrl: string | null } | undefined;
    if (!lead?.profilePicUrl) throw notFound('This lead has no profile picture');
    let image;
    try {
      image = await fetchImage(lead.profilePicUrl);
    } catch (error) {
      if (!(error instanceof ImageFetchError)) throw error;
      if (error.reason === 'not_allowed') {
        throw new AppError(403, ERROR_CODES.forbidden, 'The profile picture is at an address RepHire does not fetch', { headers: IMAGE_FAILURE_CACHE });
      }
      throw new AppError(502, ERROR_CODES.unavailable, error.message, { headers: IMAGE_FAILURE_CACHE });
    }
    ctx.type = image.contentType;
    ctx.set('Cache-Control', 'private, max-age=86400');
    // Served bytes are only ever displayed as an image, never interpreted.
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
    ctx.set('Content-Disposition', 'inline');
    return image.body;
  });

  return router;
}
