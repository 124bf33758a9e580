import { Button } from '@/ui/Button';
import { CalendarPlusIcon } from '@/ui/action-icons';
import { StartInterviewButton } from '../mode/StartInterviewButton';
import { openScheduleInterview } from './schedule-request';

/** On the card of a candidate in interview with no interview scheduled that day: the offer to schedule one. */
export function ScheduleOffer({ candidateUid, candidateName }: { candidateUid: string; candidateName: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
      No interview scheduled for this day.
      <div className="flex flex-wrap gap-2">
        <StartInterviewButton candidateUid={candidateUid} candidateName={candidateName} />
        <Button variant="outline" size="sm" onClick={() => openScheduleInterview(candidateUid)} aria-label={`Schedule interview with ${candidateName}`}>
          <CalendarPlusIcon />
          Schedule interview
        </Button>
      </div>
    </div>
  );
}
