/** Small builders for tests of the shared candidate logic. Not used by production code. */
import type { Candidate } from '../schemas/candidate.schema';

let sequence = 0;

function fakeUuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

/** A complete, valid Candidate; override only what a test is about. */
export function makeCandidate(overrides: Partial<Candidate> = {}): Candidate {
  sequence += 1;
  const appliedDate = overrides.appliedDate ?? '2024-01-01T12:00:00.000Z';
  return {
    id: sequence,
    uid: fakeUuid(sequence),
    name: `Candidate ${sequence}`,
    email: `candidate${sequence}@example.com`,
    phone: null,
    location: null,
    status: 'new',
    appliedDate,
    statusChangedAt: null,
    source: null,
    experience: null,
    skills: '',
    notes: '',
    userId: 1,
    fieldClocks: {},
    createdAt: appliedDate,
    updatedAt: appliedDate,
    deletedAt: null,
    ...overrides,
  };
}

/** An ISO date `days` days after 2024-01-01T12:00Z (negative for before). */
export function dayOffset(days: number): string {
  return new Date(Date.UTC(2024, 0, 1, 12) + days * 86_400_000).toISOString();
}
