/** The candidate fields a Zap builder fills in and reads, with labels and help they understand. */
import { CANDIDATE_STATUSES } from '../../../shared/schemas/candidate-statuses';

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** Status choices: the stored value, shown capitalised ("rejected" is what RepHire calls Turned Down). */
export const statusChoices = CANDIDATE_STATUSES.map((status) => ({
  value: status,
  label: status === 'rejected' ? 'Rejected (turned down)' : capitalised(status),
  sample: status,
}));

export const candidateInputFields = [
  { key: 'name', label: 'Name', required: true, helpText: "The candidate's full name." },
  {
    key: 'email',
    label: 'Email',
    required: true,
    helpText: 'RepHire knows a candidate by email: a known email updates that candidate (and notes "Candidate reapplied via Zapier") instead of adding another.',
  },
  { key: 'phone', label: 'Phone', required: false },
  { key: 'location', label: 'Location', required: false, helpText: 'City, region or "Remote".' },
  { key: 'status', label: 'Status', required: false, choices: statusChoices, helpText: 'Where the candidate starts in the pipeline. Defaults to New for a new candidate.' },
  { key: 'source', label: 'Source', required: false, helpText: 'Where the candidate came from (a job board, a referral). Defaults to Zapier.' },
  { key: 'appliedDate', label: 'Applied Date', required: false, type: 'datetime' as const, helpText: 'A date, or a date and time.' },
  { key: 'experience', label: 'Experience', required: false, type: 'text' as const },
  { key: 'skills', label: 'Skills', required: false, helpText: 'Comma-separated, for example "Cold calling, Salesforce".' },
  { key: 'notes', label: 'Notes', required: false, type: 'text' as const },
];

/** The candidate as RepHire answers it, labelled for the Zap editor. */
export const candidateOutputFields = [
  { key: 'id', label: 'Candidate ID', type: 'integer' as const },
  { key: 'uid', label: 'Candidate UID' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'location', label: 'Location' },
  { key: 'status', label: 'Status' },
  { key: 'appliedDate', label: 'Applied Date', type: 'datetime' as const },
  { key: 'statusChangedAt', label: 'Status Changed At', type: 'datetime' as const },
  { key: 'source', label: 'Source' },
  { key: 'experience', label: 'Experience' },
  { key: 'skills', label: 'Skills' },
  { key: 'notes', label: 'Notes' },
  { key: 'createdAt', label: 'Created At', type: 'datetime' as const },
  { key: 'updatedAt', label: 'Updated At', type: 'datetime' as const },
];

/** A sample candidate, for the Zap editor when the account has none yet. */
export const candidateSample = {
  id: 1,
  uid: '00000000-0000-4000-8000-000000000001',
  name: 'Jordan Sample',
  email: 'jordan.sample@example.com',
  phone: '+1 (415) 555-0100',
  location: 'Austin, TX',
  status: 'new',
  appliedDate: '2026-11-24T17:00:00.000Z',
  statusChangedAt: null,
  source: 'Zapier',
  experience: 'Three years as an SDR at a SaaS company',
  skills: 'Cold calling, Salesforce',
  notes: '',
  userId: 1,
  createdAt: '2026-11-24T17:00:00.000Z',
  updatedAt: '2026-11-24T17:00:00.000Z',
};

/** The fields a Zap sends for a candidate: only those filled in (an empty one changes nothing). */
export function filledIn(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.flatMap((key) => (input[key] === undefined || input[key] === null || input[key] === '' ? [] : [[key, input[key]]])));
}
