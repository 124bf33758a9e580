import type { ReactNode } from 'react';
import { formatDuration, formatInterviewTimeRange } from '@shared/interviews/interview-times';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import type { TeamMember } from '@shared/schemas/user.schema';
import { interviewerName } from '../hooks/useTeam';
import { InterviewPlace } from './InterviewPlace';

/** A scheduled interview's time range (in `timeZone`), interviewer, place or link and note, for a card. */
export function ScheduleDetails({ interview, team, timeZone, actions }: { interview: ScheduledInterview; team: readonly TeamMember[]; timeZone: string; actions?: ReactNode }) {
  return (
    <div className="grid gap-1 rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          <time dateTime={`${interview.date}T${interview.startTime}`}>{formatInterviewTimeRange(interview, timeZone)}</time>
          <span className="font-normal text-muted-foreground"> ({formatDuration(interview.durationMinutes)})</span>
        </p>
        {actions}
      </div>
      <InterviewFacts interview={interview} team={team} />
    </div>
  );
}

/** Who interviews, where (a meeting link as a link), and the note: the lines every listing of an interview shows. */
export function InterviewFacts({ interview, team }: { interview: ScheduledInterview; team: readonly TeamMember[] }) {
  return (
    <>
      <p>Interviewer: {interviewerName(team, interview.interviewerId)}</p>
      <p className="min-w-0">
        <InterviewPlace place={interview.place} />
      </p>
      {interview.note && <p className="whitespace-pre-wrap text-muted-foreground">{interview.note}</p>}
    </>
  );
}
