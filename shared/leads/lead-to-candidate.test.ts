import { describe, expect, it } from 'vitest';
import { candidateFieldsSchema } from '../schemas/candidate.schema';
import { leadToCandidateFields } from './lead-to-candidate';

const lead = {
  full_name: 'Ada Lovelace',
  email: ' ada@example.com ',
  phone_number: '+44 20 7946 0000',
  location: 'London, England, United Kingdom',
  headline: 'Enterprise AE',
  job_title: 'Account Executive',
  linkedin_url: 'https://www.linkedin.com/in/ada',
  experience: [
    { title: 'Account Executive', company: 'Analytical Engines', location: null, starts_at: { year: 2019 }, ends_at: null },
    { title: 'SDR', company: 'Difference Co', location: null, starts_at: { year: 2016 }, ends_at: { year: 2019 } },
    { title: null, company: null, location: null, starts_at: null, ends_at: null },
  ],
};

describe('a lead as a candidate', () => {
  it('takes the contact, LinkedIn as the source, the work history as experience, and passes the candidate schema', () => {
    const fields = leadToCandidateFields(lead)!;
    expect(fields).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      location: 'London, England, United Kingdom',
      source: 'LinkedIn',
      experience: 'Enterprise AE\nAccount Executive at Analytical Engines (2019–Present)\nSDR at Difference Co (2016–2019)',
      notes: 'LinkedIn profile: https://www.linkedin.com/in/ada',
    });
    expect(candidateFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it('needs an email, and names a lead without a name by it', () => {
    expect(leadToCandidateFields({ ...lead, email: null })).toBeNull();
    expect(leadToCandidateFields({ ...lead, email: '  ' })).toBeNull();
    expect(leadToCandidateFields({ ...lead, full_name: null, headline: null, job_title: null, experience: [] })).toMatchObject({
      name: 'ada@example.com',
      experience: null,
    });
  });
});
