import { formatLongDay } from '@shared/format/dates';
import { interviewDayIn } from '@shared/interviews/interview-times';
import type { TeamMember } from '@shared/schemas/user.schema';
import { useUpcomingInterviews } from './hooks/useInterviewDay';
import { UPCOMING_DAYS, type ScheduledEntry } from './repo';
import { ScheduleDetails } from './schedule/ScheduleDetails';
import { StatusBadge } from './StatusBadge';
import type { ReactNode } from 'react';

/** The interviews of the next UPCOMING_DAYS days, by day, in time order (below Today). */
export function UpcomingInterviews({ today, timeZone, team, actionsFor }: { today: string; timeZone: string; team: readonly TeamMember[]; actionsFor: (entry: ScheduledEntry) => ReactNode }) {
  const upcoming = useUpcomingInterviews(today, timeZone);
  const days = new Map<string, ScheduledEntry[]>();
  for (const entry of upcoming ?? []) {
    const day = interviewDayIn(entry.interview, timeZone);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return (
    <section aria-labelledby="upcoming-heading" className="grid gap-3 border-t pt-6">
      <div className="grid gap-1">
        <h2 id="upcoming-heading" className="text-lg font-semibold">
          Upcoming
        </h2>
        <p className="text-sm text-muted-foreground">Interviews scheduled for the next {UPCOMING_DAYS} days.</p>
      </div>
      {upcoming?.length === 0 && <p className="text-sm text-muted-foreground">No interviews scheduled for the next {UPCOMING_DAYS} days.</p>}
      {[...days].map(([day, entries]) => (
        <section key={day} aria-label={formatLongDay(day)} className="grid gap-2">
          <h3 className="text-sm font-semibold text-muted-foreground">{formatLongDay(day)}</h3>
          <ul className="grid gap-2 lg:grid-cols-2">
            {entries.map((entry) => (
              <li key={entry.interview.uid} aria-label={`${entry.candidate.name}, ${formatLongDay(day)}`} className="grid gap-2 rounded-lg border bg-card p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{entry.candidate.name}</span>
                  <StatusBadge status={entry.candidate.status} />
                </div>
                <ScheduleDetails interview={entry.interview} team={team} timeZone={timeZone} actions={actionsFor(entry)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
