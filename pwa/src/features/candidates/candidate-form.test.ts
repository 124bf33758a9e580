import { describe, expect, it } from 'vitest';
import { makeCandidate } from '@shared/candidates/testing';
import { candidateFormSchema, candidateToForm, EMPTY_CANDIDATE_FORM, formToCandidateFields } from './candidate-form';

describe('candidate form', () => {
  it('requires a name and a valid email, with the shared schema messages', () => {
    const result = candidateFormSchema.safeParse({ ...EMPTY_CANDIDATE_FORM, email: 'not-an-email' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({ name: 'Name is required', email: 'Please enter a valid email address' });
  });

  it('turns blank optional fields into null and keeps the rest', () => {
    const parsed = candidateFormSchema.parse({ ...EMPTY_CANDIDATE_FORM, name: ' Ann Lee ', email: 'ann@example.com', source: 'Craigslist' });
    expect(formToCandidateFields(parsed)).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: null,
      status: 'new',
      location: null,
      source: 'Craigslist',
      experience: null,
      skills: '',
    });
    // A subset stays a subset.
    expect(formToCandidateFields({ phone: '' })).toEqual({ phone: null });
  });

  it('fills the form from a stored candidate, blanks for nulls', () => {
    const values = candidateToForm(makeCandidate({ name: 'Bo', phone: null, skills: 'a, b' }));
    expect(values).toMatchObject({ name: 'Bo', phone: '', skills: 'a, b', location: '' });
  });
});
