/**
 * A saved lead as a new candidate ("Add as candidate" on the Saved Leads tab): name, email, phone and
 * location as the provider gave them, source LinkedIn, the work history as the experience text, and the
 * profile's address as a note line. The lead's email is required: a candidate is known by its email.
 */
import type { CandidateFieldsInput } from '../schemas/candidate.schema';
import type { Lead, LeadExperience } from '../schemas/lead.schema';

export const LEAD_SOURCE = 'LinkedIn';

function experienceLine(entry: LeadExperience): string {
  const role = [entry.title, entry.company].filter(Boolean).join(' at ');
  const start = entry.starts_at?.year;
  const end = entry.ends_at?.year;
  const years = start ? ` (${start}–${end ?? 'Present'})` : '';
  return role ? `${role}${years}` : '';
}

/** The candidate fields of a lead, or null when it has no email to be known by. */
export function leadToCandidateFields(
  lead: Pick<Lead, 'full_name' | 'email' | 'phone_number' | 'location' | 'headline' | 'job_title' | 'experience' | 'linkedin_url'>,
): CandidateFieldsInput | null {
  const email = lead.email?.trim();
  if (!email) return null;
  const history = lead.experience.map(experienceLine).filter(Boolean);
  const headline = lead.headline?.trim() || lead.job_title?.trim() || '';
  const experience = [headline, ...history].filter(Boolean).join('\n');
  return {
    name: lead.full_name?.trim() || email,
    email,
    phone: lead.phone_number?.trim() || null,
    location: lead.location?.trim() || null,
    source: LEAD_SOURCE,
    experience: experience || null,
    notes: `LinkedIn profile: ${lead.linkedin_url}`,
  };
}
