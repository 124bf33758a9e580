/** How statuses read on screen. */
import { type CandidateStatus, ROW_STATUS_LABELS } from '../schemas/candidate.schema';

/** 'Interview' for 'interview': the Search page's status dropdown and badges. */
export function capitalizeStatus(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : status;
}

/** The pipeline-stage label ('All Candidates', 'Interviewed', 'Hired', 'Turned Down'), else the capitalised status. */
export function stageLabel(status: CandidateStatus): string {
  return (ROW_STATUS_LABELS as Partial<Record<CandidateStatus, string>>)[status] ?? capitalizeStatus(status);
}

export type BadgeColor = 'green' | 'red' | 'blue' | 'purple' | 'gray';

/** Search page badge colours: hired green, rejected red, interview blue, offer purple, others gray. */
export function statusBadgeColor(status: string): BadgeColor {
  switch (status) {
    case 'hired':
      return 'green';
    case 'rejected':
      return 'red';
    case 'interview':
      return 'blue';
    case 'offer':
      return 'purple';
    default:
      return 'gray';
  }
}
