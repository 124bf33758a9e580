/**
 * Every /api route's method and path, by name: all a client needs to call one. The contract
 * (contract.ts and the *.contract.ts beside it) gives each route, by the same name, the schemas of what
 * it takes and answers. The PWA's fetch client reads only this table: with the contract, the sign-in
 * screen fetched every route's zod schemas (and the modules they import) at its first call, about 30 kB
 * on the wire that it never used.
 */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export const routes = {
  // Users, settings and the scorecard (contract.ts)
  config: { method: 'GET', path: '/api/config' },
  currentUser: { method: 'GET', path: '/api/user' },
  login: { method: 'POST', path: '/api/login' },
  register: { method: 'POST', path: '/api/register' },
  logout: { method: 'POST', path: '/api/logout' },
  listUsers: { method: 'GET', path: '/api/users' },
  listTeam: { method: 'GET', path: '/api/team' },
  createUser: { method: 'POST', path: '/api/users' },
  updateUser: { method: 'PATCH', path: '/api/users/:id' },
  deleteUser: { method: 'DELETE', path: '/api/users/:id' },
  getSystemSettings: { method: 'GET', path: '/api/settings/system' },
  getScorecardCriteria: { method: 'GET', path: '/api/scorecard/criteria' },
  updateScorecardCriteria: { method: 'PUT', path: '/api/scorecard/criteria' },
  openApiDocument: { method: 'GET', path: '/api/openapi.json' },
  updateAppearance: { method: 'PATCH', path: '/api/users/:id/appearance' },
  updateNotifications: { method: 'PATCH', path: '/api/users/:id/notifications' },
  updateSystemSettings: { method: 'PATCH', path: '/api/settings/system' },
  // The sync protocol (sync.contract.ts)
  syncPush: { method: 'POST', path: '/api/sync/push' },
  syncPull: { method: 'GET', path: '/api/sync/pull' },
  // Candidates and interview notes (candidates.contract.ts)
  listCandidates: { method: 'GET', path: '/api/candidates' },
  updateCandidate: { method: 'PATCH', path: '/api/candidates/:id' },
  candidateHistory: { method: 'GET', path: '/api/candidates/:id/history' },
  eraseCandidate: { method: 'POST', path: '/api/candidates/:id/erase' },
  deduplicateCandidates: { method: 'POST', path: '/api/candidates/deduplicate' },
  dedupNow: { method: 'POST', path: '/api/candidates/dedup-now' },
  importCandidates: { method: 'POST', path: '/api/candidates/import' },
  interviewDay: { method: 'GET', path: '/api/interview-notes/day/:date' },
  createInterviewNote: { method: 'POST', path: '/api/interview-notes' },
  updateInterviewNote: { method: 'PATCH', path: '/api/interview-notes/:id' },
  // API keys, Zapier and web forms (integrations.contract.ts)
  listApiKeys: { method: 'GET', path: '/api/api-keys' },
  createApiKey: { method: 'POST', path: '/api/api-keys' },
  deleteApiKey: { method: 'DELETE', path: '/api/api-keys/:id' },
  listApiKeyHooks: { method: 'GET', path: '/api/api-keys/:id/hooks' },
  deleteApiKeyHook: { method: 'DELETE', path: '/api/api-keys/:id/hooks/:hookId' },
  zapierMe: { method: 'GET', path: '/api/zapier/me' },
  zapierFindCandidates: { method: 'GET', path: '/api/zapier/candidates' },
  zapierRecentCandidates: { method: 'GET', path: '/api/zapier/candidates/recent' },
  zapierAddNote: { method: 'POST', path: '/api/zapier/candidates/:id/notes' },
  zapierChangeStatus: { method: 'POST', path: '/api/zapier/candidates/:id/status' },
  zapierSubscribeHook: { method: 'POST', path: '/api/zapier/hooks' },
  zapierListHooks: { method: 'GET', path: '/api/zapier/hooks' },
  zapierUnsubscribeHook: { method: 'DELETE', path: '/api/zapier/hooks/:id' },
  zapierCreateCandidate: { method: 'POST', path: '/api/zapier/candidates' },
  formCandidate: { method: 'POST', path: '/api/forms/candidates' },
  // Sales-rep leads (leads.contract.ts)
  listLeads: { method: 'GET', path: '/api/linkedin/sales-reps' },
  getProviderKeyStatus: { method: 'GET', path: '/api/linkedin/api-key' },
  getCurrentLeadSearch: { method: 'GET', path: '/api/linkedin/search/current' },
  saveProviderKey: { method: 'POST', path: '/api/linkedin/api-key' },
  startLeadSearch: { method: 'POST', path: '/api/linkedin/search' },
  cancelLeadSearch: { method: 'POST', path: '/api/linkedin/search/:id/cancel' },
  leadProfileImage: { method: 'GET', path: '/api/linkedin/profile-image/:url' },
  // The interview calendar feed (calendar.contract.ts)
  calendarFeedStatus: { method: 'GET', path: '/api/calendar/feed' },
  resetCalendarFeed: { method: 'POST', path: '/api/calendar/feed' },
  calendarFeed: { method: 'GET', path: '/api/calendar/:token/interviews.ics' },
} as const satisfies Record<string, { method: HttpMethod; path: string }>;

export type RouteTable = typeof routes;

/** Fills `:name` segments of a route path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
