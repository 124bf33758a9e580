/**
 * /interviews, offline like the rest of the candidate data: the day's entries come from the device
 * database through the shared interview-day rule (the same rule the server runs), and a note is saved
 * to the device first (row and outbox in one transaction) and synced from there, so a note written
 * offline survives a reload or a closed tab. The day is in the address (?day=yyyy-MM-dd).
 *
 * The day lists its scheduled interviews first, in time order (times in the device's zone), then the
 * spec's entries (candidates who entered the interview status or got a note that day) not already
 * listed; a candidate in interview without one is offered Schedule interview. Today also shows
 * Upcoming: the interviews of the next days.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dayLabelInSentence } from '@shared/format/dates';
import { deviceTimeZone } from '@shared/format/time-zone';
import type { InterviewEntry } from '@shared/interviews/interview-day';
import { errorMessage } from '@/api/client';
import { Spinner } from '@/ui/Spinner';
import { CalendarIcon } from '@/ui/icons';
import { toast } from '@/ui/toast/toast-queue';
import { Button } from '@/ui/Button';
import { CalendarFeedDialog } from './CalendarFeedDialog';
import { DayNavigator } from './DayNavigator';
import { InterviewCard } from './InterviewCard';
import { useInterviewDay } from './hooks/useInterviewDay';
import { interviewerName, useTeam } from './hooks/useTeam';
import { AddToCalendarButton } from './schedule/AddToCalendarButton';
import { StartInterviewButton } from './mode/StartInterviewButton';
import { ScheduleInterviewHost } from './schedule/ScheduleInterviewHost';
import { ScheduleOffer } from './schedule/ScheduleOffer';
import { ScheduleDetails } from './schedule/ScheduleDetails';
import { UpcomingInterviews } from './UpcomingInterviews';
import type { ScheduledEntry } from './repo';
import { useToday } from './hooks/useToday';
import { interviewsRepo } from './repo';
import { selectedDay } from './selected-day';

export function InterviewsPage() {
  const timeZone = deviceTimeZone();
  const today = useToday(timeZone);
  const [params, setParams] = useSearchParams();
  const day = selectedDay(params.get('day'), today);
  const result = useInterviewDay(day, timeZone);
  const [editing, setEditing] = useState<string | null>(null);
  const team = useTeam() ?? [];
  const [feedOpen, setFeedOpen] = useState(false);

  const changeDay = (next: string) => {
    setEditing(null);
    setParams(next === today ? {} : { day: next }, { replace: true });
  };

  async function save(entry: InterviewEntry, text: string) {
    const created = !entry.note;
    try {
      await interviewsRepo.saveInterviewNote(entry.candidate.uid, day, text);
      setEditing(null);
      toast({ title: 'Success', description: created ? 'Interview note created successfully' : 'Interview note saved successfully' });
    } catch (error) {
      console.error('Saving the interview note failed:', error);
      toast({ title: 'Error', description: created ? 'Failed to create note' : 'Failed to save note', variant: 'destructive' });
      throw new Error(errorMessage(error));
    }
  }

  const scheduleActions = (entry: ScheduledEntry) => (
    <div className="flex flex-wrap gap-2">
      <StartInterviewButton candidateUid={entry.candidate.uid} candidateName={entry.candidate.name} interview={entry.interview} />
      <AddToCalendarButton interview={entry.interview} candidateName={entry.candidate.name} interviewerName={interviewerName(team, entry.interview.interviewerId)} />
    </div>
  );
  const cards = result?.scheduled
    ? [
        ...result.scheduled.map((entry) => ({
          key: entry.interview.uid,
          entry,
          schedule: <ScheduleDetails interview={entry.interview} team={team} timeZone={timeZone} actions={scheduleActions(entry)} />,
        })),
        ...result.entries.map((entry) => ({
          key: entry.candidate.uid,
          entry,
          schedule: entry.candidate.status === 'interview' ? <ScheduleOffer candidateUid={entry.candidate.uid} candidateName={entry.candidate.name} /> : undefined,
        })),
      ]
    : undefined;

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Interviews</h1>
          <p className="text-muted-foreground">Candidates in interview, and your notes, day by day.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <DayNavigator day={day} today={today} onChange={changeDay} />
          <Button variant="outline" size="sm" onClick={() => setFeedOpen(true)}>
            Calendar feed
          </Button>
        </div>
      </header>

      {!result && (
        <div className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground">
          <Spinner size="sm" label="Loading interviews" /> Loading interviews...
        </div>
      )}
      {result?.error !== undefined && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive">
          Failed to load interviews: {result.error}
        </p>
      )}
      {cards?.length === 0 && (
        <div className="grid justify-items-center gap-2 rounded-lg border border-dashed px-4 py-16 text-center">
          <CalendarIcon className="size-10 text-muted-foreground" />
          <p className="text-lg font-semibold">No interviews scheduled</p>
          <p className="text-sm text-muted-foreground">There are no interviews scheduled for {dayLabelInSentence(day, today)}.</p>
        </div>
      )}
      {cards && cards.length > 0 && (
        <div className="grid gap-4 lg:grid-cols-2" aria-label={`Interviews for ${dayLabelInSentence(day, today)}`} role="list">
          {cards.map(({ key, entry, schedule }) => (
            <div role="listitem" key={key}>
              <InterviewCard
                entry={entry}
                schedule={schedule}
                editing={editing === key}
                locked={editing !== null && editing !== key}
                onEdit={() => setEditing(key)}
                onCancel={() => setEditing(null)}
                onSave={(text) => save(entry, text)}
              />
            </div>
          ))}
        </div>
      )}
      <ScheduleInterviewHost />
      {feedOpen && <CalendarFeedDialog onClose={() => setFeedOpen(false)} />}
      {day === today && <UpcomingInterviews today={today} timeZone={timeZone} team={team} actionsFor={scheduleActions} />}
    </div>
  );
}
