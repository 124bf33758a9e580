/**
 * "Add as candidate" on a saved lead: written to the device like Add Candidate (so offline too, synced
 * later), and refused the same way when a candidate with that email is already there (email is who a
 * candidate is, on every path).
 */
import { leadToCandidateFields } from '@shared/leads/lead-to-candidate';
import type { Lead } from '@shared/schemas/lead.schema';
import { errorMessage } from '@/api/errors';
import { candidatesRepo, type CandidatesRepo } from '@/features/candidates/repo';
import { toast } from '@/ui/toast/toast-queue';

export async function addLeadAsCandidate(lead: AddableLead, repo: CandidatesRepo = candidatesRepo): Promise<boolean> {
  const fields = leadToCandidateFields(lead);
  if (!fields) {
    toast({ title: 'Could not add candidate', description: 'This lead has no email.', variant: 'destructive' });
    return false;
  }
  const [existing] = await repo.findByEmail(fields.email);
  if (existing) {
    toast({ title: 'Already a candidate', description: `${existing.name} already has the email ${fields.email}.` });
    return false;
  }
  try {
    const created = await repo.createCandidate(fields);
    toast({ title: 'Candidate Added', description: `${created.name} has been added to the pipeline` });
    return true;
  } catch (error) {
    toast({ title: 'Could not add candidate', description: errorMessage(error), variant: 'destructive' });
    return false;
  }
}

export type AddableLead = Pick<Lead, 'full_name' | 'email' | 'phone_number' | 'location' | 'headline' | 'job_title' | 'experience' | 'linkedin_url'>;
