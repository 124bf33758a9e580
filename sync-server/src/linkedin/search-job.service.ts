/**
 * The request side of lead searches: start, resume, cancel and read a user's search job. The work
 * itself happens in search-job.runner.ts; these functions only write the job row, in the request's
 * transaction, and never wait for the provider.
 *
 * A user has at most one active (queued or running) job, enforced by a partial unique index and by
 * locking the user's row while deciding. Asking again for the search that is running returns it;
 * asking again for the search that failed resumes it from the page where it stopped.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ERROR_CODES } from '@shared/api/error.schema';
import { parseLeadLocation, LOCATION_HINT, type LeadLocation } from '@shared/leads/location';
import type { LeadSearchRequest } from '@shared/schemas/lead.schema';
import { AppError, notFound } from '../lib/errors';
import { hasProviderKey } from './provider-key.service';
import { LeadSearchJobModel } from './search-job.model';

export type StartOutcome = 'started' | 'resumed' | 'running';

export const MISSING_KEY_MESSAGE = 'Proxycurl API key is not configured';

export function describeLocation(location: LeadLocation): string {
  return [location.city, location.region, location.countryName].filter(Boolean).join(', ');
}

function readLocation(input: string): LeadLocation {
  const result = parseLeadLocation(input);
  if (!result.ok) {
    throw new AppError(400, ERROR_CODES.validation, 'Location not recognised', {
      fields: { location: result.message },
      named: { detail: result.message, action: LOCATION_HINT },
    });
  }
  return result.location;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function sameSearch(job: LeadSearchJobModel, request: LeadSearchRequest): boolean {
  return same(job.jobTitle, request.job_title) && same(job.locationInput, request.location) && job.requestedCount === request.count;
}

export async function startLeadSearch(
  trx: Knex,
  userId: number,
  request: LeadSearchRequest,
): Promise<{ outcome: StartOutcome; job: LeadSearchJobModel }> {
  const location = readLocation(request.location);
  if (!(await hasProviderKey(trx, userId))) {
    throw new AppError(400, ERROR_CODES.providerKeyRequired, MISSING_KEY_MESSAGE, {
      named: { detail: 'Add your Proxycurl API key to search LinkedIn.', action: 'Save your API key, then search again.' },
    });
  }
  // Serialises this user's starts, so two clicks cannot both create a job.
  await trx('users').where({ id: userId }).forUpdate().first('id');
  const latest = await LeadSearchJobModel.query(trx).where({ userId }).orderBy('createdAt', 'desc').first();
  if (latest && (latest.status === 'queued' || latest.status === 'running')) {
    if (sameSearch(latest, request)) return { outcome: 'running', job: latest };
    throw new AppError(409, ERROR_CODES.conflict, 'A search is already running', {
      named: {
        detail: `Searching for "${latest.jobTitle}" in ${latest.locationInput}: ${latest.processedCount} of ${latest.requestedCount} leads so far.`,
        action: 'Wait for it to finish, or cancel it on the Saved Leads tab.',
      },
    });
  }
  if (latest && latest.status === 'failed' && sameSearch(latest, request)) {
    const job = await LeadSearchJobModel.query(trx).patchAndFetchById(latest.id, {
      status: 'queued',
      errorCode: null,
      errorMessage: null,
      errorDetail: null,
      errorAction: null,
      finishedAt: null,
      lockedBy: null,
      leaseUntil: null,
      updatedAt: trx.fn.now() as unknown as Date,
    });
    return { outcome: 'resumed', job };
  }
  const job = await LeadSearchJobModel.query(trx).insertAndFetch({
    id: randomUUID(),
    userId,
    status: 'queued',
    jobTitle: request.job_title,
    locationInput: request.location,
    query: location,
    requestedCount: request.count,
  });
  return { outcome: 'started', job };
}

export function startMessage(outcome: StartOutcome, job: LeadSearchJobModel): { message: string; detail: string } {
  const where = describeLocation(job.query);
  const count = job.requestedCount.toLocaleString('en-US');
  if (outcome === 'running') {
    return {
      message: 'Search already running',
      detail: `Searching for "${job.jobTitle}" in ${where}: ${job.processedCount.toLocaleString('en-US')} of ${count} leads so far.`,
    };
  }
  if (outcome === 'resumed') {
    return {
      message: 'Search resumed',
      detail: `Resuming the search for "${job.jobTitle}" in ${where} at ${job.processedCount.toLocaleString('en-US')} of ${count} leads.`,
    };
  }
  return {
    message: 'Search started',
    detail: `Searching LinkedIn for up to ${count} "${job.jobTitle}" leads in ${where}. Leads are saved as they arrive; follow the progress on the Saved Leads tab.`,
  };
}

export async function currentLeadSearch(db: Knex, userId: number): Promise<LeadSearchJobModel | undefined> {
  return LeadSearchJobModel.query(db).where({ userId }).orderBy('createdAt', 'desc').first();
}

/**
 * Cancels the user's job. A job no runner holds ends at once; a running one is flagged, its runner
 * hears of it at its next heartbeat or page and stops (a page already received is still saved: the
 * provider has charged for it). The runner's writes are fenced on status, so a cancelled job stays so.
 */
export async function cancelLeadSearch(trx: Knex, userId: number, jobId: string): Promise<LeadSearchJobModel> {
  if (!/^[0-9a-f-]{36}$/i.test(jobId)) throw notFound('No such search');
  const job = await LeadSearchJobModel.query(trx).where({ id: jobId, userId }).forUpdate().first();
  if (!job) throw notFound('No such search');
  // A job no runner holds (queued, released, or its runner's lease ran out) ends at once.
  const unowned = !job.lockedBy || !job.leaseUntil || new Date(job.leaseUntil).getTime() < Date.now();
  if (job.status === 'queued' || (job.status === 'running' && unowned)) {
    return LeadSearchJobModel.query(trx).patchAndFetchById(job.id, {
      status: 'cancelled',
      cancelRequested: true,
      finishedAt: trx.fn.now() as unknown as Date,
      updatedAt: trx.fn.now() as unknown as Date,
    });
  }
  if (job.status === 'running') {
    return LeadSearchJobModel.query(trx).patchAndFetchById(job.id, {
      cancelRequested: true,
      updatedAt: trx.fn.now() as unknown as Date,
    });
  }
  return job;
}
