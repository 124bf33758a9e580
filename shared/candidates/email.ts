/**
 * Email identity: two candidates are the same person when their trimmed, lower-cased emails are equal
 * (DECISIONS, Candidates). Everything that compares emails goes through `normalizeEmail`.
 */
import { candidateEmailSchema } from '../schemas/candidate.schema';

/** Trimmed and lower-cased; '' for a missing value. */
export function normalizeEmail(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase();
}

/** Whether the value (after trimming) passes the same check as the candidate schema. */
export function isValidEmail(email: string | null | undefined): boolean {
  return candidateEmailSchema.safeParse(email ?? '').success;
}
