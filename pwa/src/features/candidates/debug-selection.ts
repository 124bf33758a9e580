/**
 * What the Debug panel lists (spec: form-integration candidates, a test candidate and the most recent
 * candidate), so a recruiter wiring up a form or Zapier can see at once whether arrivals reach the
 * device. Form arrivals are stored with the form tool's name as source, else 'Form' (DECISIONS).
 */
import { recentCandidates } from '@shared/candidates/stats';
import type { Candidate } from '@shared/schemas/candidate.schema';

/** Form tools named in DECISIONS, plus anything called a form. */
const FORM_SOURCE = /form|jotform|typeform|tally|wufoo|formstack|cognito/i;
const TEST_MARKER = /\btest/i;
export const DEBUG_FORM_LIMIT = 10;

export interface DebugSelection {
  /** Newest first, at most DEBUG_FORM_LIMIT. */
  formCandidates: Candidate[];
  formCount: number;
  testCandidate: Candidate | null;
  mostRecent: Candidate | null;
}

export function isFormSource(source: string | null): boolean {
  return Boolean(source && FORM_SOURCE.test(source));
}

export function debugSelection(candidates: readonly Candidate[]): DebugSelection {
  const forms = candidates.filter((candidate) => isFormSource(candidate.source));
  const tests = candidates.filter((candidate) => TEST_MARKER.test(candidate.name) || TEST_MARKER.test(candidate.email));
  return {
    formCandidates: recentCandidates(forms, DEBUG_FORM_LIMIT),
    formCount: forms.length,
    testCandidate: recentCandidates(tests, 1)[0] ?? null,
    mostRecent: recentCandidates(candidates, 1)[0] ?? null,
  };
}
