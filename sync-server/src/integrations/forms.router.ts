/**
 * Web-form integration (DECISIONS, Form-builder integration): POST /api/forms/candidates?key=… with JSON
 * or form-encoded fields; the source is the form tool's name when the submission (or `?source=`) gives
 * it, else "Form". A known email updates that candidate and appends "Candidate reapplied via {source}".
 */
import Router from '@koa/router';
import { candidateArrivalSchema } from '@shared/schemas/candidate-api.schema';
import { defineRoute } from '../http/route';
import { toCandidateDto } from '../candidates/candidate.store';
import { receiveArrival } from '../candidates/candidate-writes.service';
import { mapFormSubmission } from './form-fields';

export function formsRouter(): Router {
  const router = new Router();

  defineRoute(router, 'formCandidate', { access: 'apiKey', status: 201, otherStatuses: [200] }, async (ctx, { body, query }) => {
    const { arrival, source } = mapFormSubmission(body, query.source);
    const candidate = candidateArrivalSchema.parse({ ...arrival, source });
    const writer = { origin: 'form' as const, userId: ctx.state.user!.id, apiKeyName: ctx.state.apiKeyName };
    const result = await receiveArrival(ctx.state.deps.knex, writer, candidate, source);
    if (!result.created) ctx.state.responseStatus = 200;
    return toCandidateDto(result.candidate);
  });

  return router;
}
