/**
 * Email identity: two candidates are the same person when their trimmed, lower-cased emails are equal
 * (DECISIONS, Candidates). Everything that compares emails goes through `normalizeEmail`.
 */
import { candidateEmailSchema } from '../schemas/candidate.schema';

/**
 * Trimmed and lower-cased; '' for a missing value. An email already so is answered as itself, not as
 * an equal copy: the device keeps a key per candidate (its mirror's emails), and 100,000 copies were
 * 100,000 more strings in the page's heap for every garbage collection to go through.
 */
export function normalizeEmail(email: string | null | undefined): string {
  const normalized = (email ?? '').trim().toLowerCase();
  return normalized === email ? email : normalized;
}

/** Whether the value (after trimming) passes the same check as the candidate schema. */
export function isValidEmail(email: string | null | undefined): boolean {
  return candidateEmailSchema.safeParse(email ?? '').success;
}
