/**
 * The candidate form (Add Candidate, and Edit details in the detail dialog): its fields as the inputs
 * hold them (strings, '' for empty), validated with the shared candidate schema, and the conversion to
 * what the repo takes (empty optional fields become null, so they are stored as "none", not '').
 */
import { z } from 'zod';
import { candidateFieldsSchema, DEFAULT_STATUS, type Candidate, type CandidateStatus } from '@shared/schemas/candidate.schema';

// The shared field rules, without their optional/default wrappers: the inputs always hold a string.
const fields = candidateFieldsSchema.shape;
export const candidateFormSchema = z.object({
  name: fields.name,
  email: fields.email,
  phone: fields.phone.unwrap().unwrap(),
  status: fields.status.unwrap(),
  location: fields.location.unwrap().unwrap(),
  source: fields.source.unwrap().unwrap(),
  experience: fields.experience.unwrap().unwrap(),
  skills: fields.skills.unwrap().unwrap(),
});

export interface CandidateFormValues {
  name: string;
  email: string;
  phone: string;
  status: CandidateStatus;
  location: string;
  source: string;
  experience: string;
  skills: string;
}
export type CandidateFormOutput = z.output<typeof candidateFormSchema>;

export const EMPTY_CANDIDATE_FORM: CandidateFormValues = {
  name: '',
  email: '',
  phone: '',
  status: DEFAULT_STATUS,
  location: '',
  source: '',
  experience: '',
  skills: '',
};

const NULLABLE = ['phone', 'location', 'source', 'experience'] as const;

/** The form's values for a stored candidate. */
export function candidateToForm(candidate: Candidate): CandidateFormValues {
  return {
    name: candidate.name,
    email: candidate.email,
    phone: candidate.phone ?? '',
    status: candidate.status,
    location: candidate.location ?? '',
    source: candidate.source ?? '',
    experience: candidate.experience ?? '',
    skills: candidate.skills,
  };
}

/** Validated values (or a subset of them) as the repo takes them: blank optional fields become null. */
export function formToCandidateFields<T extends Partial<CandidateFormOutput>>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const field of NULLABLE) {
    if (field in out && (out[field] === '' || out[field] === undefined)) out[field] = null;
  }
  return out as T;
}
