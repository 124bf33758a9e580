/**
 * Rows of one file that share an email (trimmed, lower-cased) describe one candidate: they are merged
 * into the first such row's place, each later row's filled-in fields overwriting earlier values.
 */
import { normalizeEmail } from '../candidates/email';
import type { CandidateField, ImportedCandidate } from './row-mapping';

export interface BatchDedupeResult {
  candidates: ImportedCandidate[];
  /** How many rows were folded into an earlier row. */
  merged: number;
}

export function dedupeBatch(rows: readonly ImportedCandidate[]): BatchDedupeResult {
  const byEmail = new Map<string, ImportedCandidate>();
  const candidates: ImportedCandidate[] = [];
  for (const row of rows) {
    const key = normalizeEmail(row.candidate.email);
    const earlier = byEmail.get(key);
    if (!earlier) {
      const copy = { ...row, candidate: { ...row.candidate } };
      byEmail.set(key, copy);
      candidates.push(copy);
      continue;
    }
    const merged = earlier.candidate as Record<CandidateField, unknown>;
    for (const field of row.provided) merged[field] = row.candidate[field];
    earlier.provided = [...new Set([...earlier.provided, ...row.provided])];
  }
  return { candidates, merged: rows.length - candidates.length };
}
