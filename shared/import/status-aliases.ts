/**
 * Status words people put in spreadsheets, mapped to the status list. Compared after normalising like
 * headers ('Turned Down', 'turned-down' and 'TURNED_DOWN' are one word).
 */
import { type CandidateStatus } from '../schemas/candidate.schema';
import { normalizeHeader } from './column-mapping';

const ALIASES: Record<CandidateStatus, readonly string[]> = {
  new: ['new', 'allcandidates', 'applied', 'applicant', 'application', 'lead', 'open', 'pending', 'received'],
  screening: ['screening', 'screen', 'screened', 'phonescreen', 'review', 'inreview', 'underreview', 'shortlisted'],
  interview: ['interview', 'interviewed', 'interviewing', 'interviewscheduled'],
  assessment: ['assessment', 'assessing', 'assessed', 'test', 'testing', 'assignment'],
  offer: ['offer', 'offered', 'offerextended', 'offersent', 'offermade'],
  hired: ['hired', 'hire', 'accepted', 'offeraccepted', 'onboarded', 'onboarding'],
  rejected: ['rejected', 'reject', 'turneddown', 'declined', 'notselected', 'disqualified', 'withdrawn'],
};

const LOOKUP = new Map<string, CandidateStatus>();
for (const [status, words] of Object.entries(ALIASES) as Array<[CandidateStatus, readonly string[]]>) {
  for (const word of words) LOOKUP.set(word, status);
}

/** The status a cell names, or null when the word is not recognised. */
export function parseStatusCell(text: string): CandidateStatus | null {
  return LOOKUP.get(normalizeHeader(text)) ?? null;
}
