/** A candidate's stored fields as people read them: 'Applied date' (or, mid-sentence, 'applied date'). */
import type { CandidateLwwField } from '../schemas/candidate.schema';

export const CANDIDATE_FIELD_LABELS: Record<CandidateLwwField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  status: 'Status',
  appliedDate: 'Applied date',
  source: 'Source',
  experience: 'Experience',
  skills: 'Skills',
  notes: 'Notes',
};

/** The label in a sentence ('applied date'); an unknown field is named as it is. */
export function fieldInSentence(field: string): string {
  return (CANDIDATE_FIELD_LABELS as Record<string, string>)[field]?.toLowerCase() ?? field;
}
