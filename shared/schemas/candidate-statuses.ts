/** The pipeline's statuses, in order (no dependencies, so the Zapier app's bundle can take it alone). */
export const CANDIDATE_STATUSES = ['new', 'screening', 'interview', 'assessment', 'offer', 'hired', 'rejected'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
