/**
 * What lead search needs from a people-search provider: one page of people matching a role and a place,
 * and a token for the next page. The shipped implementation speaks Proxycurl's API shape
 * (proxycurl.client.ts); the tests and `npm run dev` use a local double of it (provider-double.ts).
 */
import type { LeadEducation, LeadExperience } from '@shared/schemas/lead.schema';

export interface PeopleQuery {
  /** The job title as typed; the provider matches it anywhere in the current role's title. */
  roleTitle: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  region?: string;
  city?: string;
}

export interface PeopleSearchRequest {
  apiKey: string;
  query: PeopleQuery;
  pageSize: number;
  /** The previous page's `nextPage`; null for the first page. */
  pageToken: string | null;
  signal?: AbortSignal;
}

export interface ProviderPerson {
  linkedinUrl: string;
  fullName: string | null;
  headline: string | null;
  summary: string | null;
  profilePicUrl: string | null;
  followerCount: number | null;
  city: string | null;
  region: string | null;
  country: string | null;
  experiences: LeadExperience[];
  education: LeadEducation[];
  emails: string[];
  phones: string[];
}

export interface PeoplePage {
  people: ProviderPerson[];
  nextPage: string | null;
  /** How many people match in all, when the provider says. */
  totalResults: number | null;
}

export interface PeopleSearchProvider {
  /** The largest page the provider serves with full profiles. */
  readonly maxPageSize: number;
  searchPeople(request: PeopleSearchRequest): Promise<PeoplePage>;
  /**
   * Asks the provider, once and without spending search credits, whether it takes this key: resolves
   * when it does, throws a ProviderError ('auth' when the key is refused) when not.
   */
  checkKey(apiKey: string, signal?: AbortSignal): Promise<void>;
}

/**
 * auth: the key was refused (401/403) — the user must fix the key.
 * rate_limited: still limited after the retries. unavailable: network or 5xx after the retries.
 * bad_request: the provider refused the query. bad_response: an answer we cannot use.
 */
export type ProviderErrorKind = 'auth' | 'rate_limited' | 'unavailable' | 'bad_request' | 'bad_response';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
