import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { deviceTimeZone } from '@shared/format/time-zone';
import { formatDuration, formatInterviewDay, formatInterviewTimeRange } from '@shared/interviews/interview-times';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { interviewSpan, type ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { errorMessage } from '@/api/errors';
import { DetailSection } from '@/features/candidates/components/detail/CandidateOverview';
import { Button } from '@/ui/Button';
import { confirmAction } from '@/ui/confirm';
import { toast } from '@/ui/toast/toast-queue';
import { interviewerName, useTeam } from '../hooks/useTeam';
import { useScorecardCriteria } from '../hooks/useScorecardCriteria';
import { StartInterviewButton } from '../mode/StartInterviewButton';
import { CriterionAverages, ScorecardSummary } from '../record/ScorecardSummary';
import { scheduledInterviewsRepo } from '../scheduled-interviews-repo';
import { AddToCalendarButton } from './AddToCalendarButton';
import { InterviewFacts } from './ScheduleDetails';
import { ScheduleInterviewDialog } from './ScheduleInterviewDialog';

/**
 * The candidate's interview record in the detail dialog: every interview, newest first, with its date,
 * time, interviewer, place, and scorecard (recommendation, ratings, notes), the average per criterion
 * across them, and Schedule interview, Start interview, Change and Cancel.
 */
export function CandidateInterviews({ candidate }: { candidate: Candidate }) {
  const interviews = useLiveQuery(async () => (await scheduledInterviewsRepo.interviewsOfCandidate(candidate.uid)).reverse(), [candidate.uid]);
  const team = useTeam() ?? [];
  const criteria = useScorecardCriteria() ?? [];
  // The dialog: 'new', an interview to change, or closed.
  const [editing, setEditing] = useState<ScheduledInterview | 'new' | null>(null);
  const timeZone = deviceTimeZone();

  async function cancel(interview: ScheduledInterview) {
    const when = `${formatInterviewDay(interview, timeZone)}, ${formatInterviewTimeRange(interview, timeZone)}`;
    const ok = await confirmAction({
      title: 'Cancel this interview?',
      description: `The interview with ${candidate.name} on ${when} is removed for the whole team.`,
      confirmLabel: 'Cancel interview',
      cancelLabel: 'Keep it',
      destructive: true,
    });
    if (!ok) return;
    try {
      await scheduledInterviewsRepo.cancelInterview(interview.uid);
      toast({ title: 'Interview cancelled', description: `${candidate.name}, ${when}` });
    } catch (failure) {
      toast({ title: 'Could not cancel the interview', description: errorMessage(failure), variant: 'destructive' });
    }
  }

  const action = (
    <Button variant="outline" size="sm" onClick={() => setEditing('new')}>
      Schedule interview
    </Button>
  );
  return (
    <DetailSection title="Interviews" action={action}>
      {interviews && interviews.length === 0 && <p className="text-sm text-muted-foreground">No interviews scheduled.</p>}
      {interviews && candidate.status === 'interview' && !interviews.some((interview) => interviewSpan(interview).end > Date.now()) && (
        <div role="note" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-primary/40 bg-primary/5 px-3 py-2 text-sm">
          {candidate.name} is in interview with no interview coming up.
          <div className="flex flex-wrap gap-2">
            <StartInterviewButton candidateUid={candidate.uid} candidateName={candidate.name} />
            <Button size="sm" variant="outline" onClick={() => setEditing('new')} aria-label={`Schedule the interview with ${candidate.name}`}>
              Schedule it
            </Button>
          </div>
        </div>
      )}
      {interviews && interviews.length > 0 && <CriterionAverages interviews={interviews} criteria={criteria} candidateName={candidate.name} />}
      {interviews && interviews.length > 0 && (
        <ul className="grid gap-2" aria-label={`Interviews of ${candidate.name}`}>
          {interviews.map((interview) => {
            const day = formatInterviewDay(interview, timeZone);
            const time = formatInterviewTimeRange(interview, timeZone);
            return (
              <li key={interview.uid} className="flex flex-wrap items-start justify-between gap-2 rounded-md border p-3 text-sm">
                <div className="grid min-w-0 gap-0.5">
                  <p className="font-medium">
                    {day}, {time}
                    <span className="font-normal text-muted-foreground"> ({formatDuration(interview.durationMinutes)})</span>
                  </p>
                  <InterviewFacts interview={interview} team={team} />
                </div>
                <div className="flex flex-wrap gap-2">
                  <StartInterviewButton candidateUid={candidate.uid} candidateName={candidate.name} interview={interview} />
                  <AddToCalendarButton interview={interview} candidateName={candidate.name} interviewerName={interviewerName(team, interview.interviewerId)} />
                  <Button variant="ghost" size="sm" onClick={() => setEditing(interview)} aria-label={`Change the interview on ${day} at ${time}`}>
                    Change
                  </Button>
                  <Button variant="ghost" size="sm" className="text-destructive" onClick={() => void cancel(interview)} aria-label={`Cancel the interview on ${day} at ${time}`}>
                    Cancel
                  </Button>
                </div>
                <div className="basis-full border-t pt-2">
                  <ScorecardSummary interview={interview} criteria={criteria} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ScheduleInterviewDialog
          key={editing === 'new' ? 'new' : editing.uid}
          candidate={candidate}
          interview={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </DetailSection>
  );
}
