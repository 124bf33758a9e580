/**
 * The lead calls and how their failures read. Search errors may carry `message`, `detail` and `action`,
 * a key-save error carries `error` (spec section 7); ApiError keeps the raw body, so they are read here.
 */
import { apiCall, isApiError, isOfflineError } from '@/api/client';
import { NEEDS_CONNECTION_MESSAGE } from '@/lib/online-only';
import type { LeadSearchRequest } from '@shared/schemas/lead.schema';
import type { FetchLeadsPage } from './leads-repo';

export const fetchLeadsPage: FetchLeadsPage = (query) => apiCall('listLeads', { query });

export const startSearch = (body: LeadSearchRequest) => apiCall('startLeadSearch', { body });
export const currentSearch = () => apiCall('getCurrentLeadSearch');
export const cancelSearch = (id: string) => apiCall('cancelLeadSearch', { params: { id } });
export const saveProviderKey = (apiKey: string) => apiCall('saveProviderKey', { body: { api_key: apiKey } });

/** hasKey; a failure counts as no key (spec). */
export async function providerKeySaved(): Promise<boolean> {
  try {
    return (await apiCall('getProviderKeyStatus')).hasKey;
  } catch {
    return false;
  }
}

export function profileImageUrl(linkedinUrl: string): string {
  return `/api/linkedin/profile-image/${encodeURIComponent(linkedinUrl)}`;
}

export interface ErrorFields {
  message?: string;
  detail?: string;
  action?: string;
  error?: string;
}

/** The named fields of a failed call's body, when it had any. */
export function errorFields(error: unknown): ErrorFields {
  if (!isApiError(error)) return {};
  try {
    const body = JSON.parse(error.body) as Record<string, unknown>;
    const pick = (key: string) => (typeof body[key] === 'string' && body[key] ? (body[key] as string) : undefined);
    return { message: pick('message'), detail: pick('detail'), action: pick('action'), error: pick('error') };
  } catch {
    return {};
  }
}

/** A failure whose message mentions an API key opens the key dialog (spec section 8). */
export function mentionsApiKey(message: string | null | undefined): boolean {
  return /api key/i.test(message ?? '');
}

export interface FailureToast {
  title: string;
  description: string;
}

export const OFFLINE_SEARCH_TOAST: FailureToast = { title: 'Error searching LinkedIn', description: NEEDS_CONNECTION_MESSAGE };

/** The toast for a search that could not start: the server's message, then detail, action or the error. */
export function searchFailureToast(error: unknown): FailureToast {
  if (isOfflineError(error)) return OFFLINE_SEARCH_TOAST;
  const fields = errorFields(error);
  return {
    title: fields.message ?? 'Error searching LinkedIn',
    description: fields.detail ?? fields.action ?? (error instanceof Error ? error.message : 'Unknown error'),
  };
}
