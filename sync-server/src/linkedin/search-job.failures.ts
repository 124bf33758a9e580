/**
 * Why a lead search stopped, in the words the screen shows: `message` becomes the toast title and
 * `detail`/`action` its description (spec section 8). Every key problem says "API key" in its message,
 * which is what makes the screen open the key dialog.
 */
import { ProviderError } from './provider';
import type { LeadSearchJobModel } from './search-job.model';

export interface JobFailure {
  code: 'api_key' | 'rate_limited' | 'unavailable' | 'provider_refused' | 'provider_answer' | 'internal';
  message: string;
  detail: string;
  action: string;
}

type Progress = Pick<LeadSearchJobModel, 'processedCount' | 'requestedCount'>;

function stoppedAt(job: Progress): string {
  return `Stopped after ${job.processedCount.toLocaleString('en-US')} of ${job.requestedCount.toLocaleString('en-US')} leads`;
}

const RESUME = 'Search again with the same settings to continue where it stopped.';

export function failureFor(cause: unknown, job: Progress): JobFailure {
  if (cause === 'missing') {
    return {
      code: 'api_key',
      message: 'Proxycurl API key is not configured',
      detail: 'Add your Proxycurl API key to search LinkedIn.',
      action: 'Save your API key, then search again.',
    };
  }
  if (cause === 'unreadable') {
    return {
      code: 'api_key',
      message: 'The saved Proxycurl API key can no longer be read',
      detail: "The server's SECRET_KEY changed since the key was saved.",
      action: 'Enter your API key again.',
    };
  }
  if (cause instanceof ProviderError) {
    switch (cause.kind) {
      case 'auth':
        return cause.status === 403
          ? {
              code: 'api_key',
              message: 'Proxycurl refused the API key',
              detail: `${cause.message}. ${stoppedAt(job)}.`,
              action: 'Check your Proxycurl account (credits), or enter another API key.',
            }
          : {
              code: 'api_key',
              message: 'Invalid Proxycurl API key',
              detail: `Proxycurl did not accept the saved API key. ${stoppedAt(job)}.`,
              action: 'Enter a valid API key; the search then continues.',
            };
      case 'rate_limited':
        return { code: 'rate_limited', message: 'Proxycurl is rate limiting the search', detail: `${stoppedAt(job)}.`, action: `Wait a few minutes. ${RESUME}` };
      case 'unavailable':
        return { code: 'unavailable', message: 'Proxycurl is not responding', detail: `${cause.message}. ${stoppedAt(job)}.`, action: RESUME };
      case 'bad_request':
        return { code: 'provider_refused', message: 'Proxycurl refused the search', detail: cause.message, action: 'Change the job title or location and search again.' };
      case 'bad_response':
        return { code: 'provider_answer', message: 'Proxycurl sent an answer that cannot be used', detail: `${cause.message}. ${stoppedAt(job)}.`, action: RESUME };
    }
  }
  return {
    code: 'internal',
    message: 'The search stopped because of a server error',
    detail: `${stoppedAt(job)}.`,
    action: RESUME,
  };
}
