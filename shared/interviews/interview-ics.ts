/**
 * One scheduled interview as an iCalendar file (RFC 5545) for "Add to calendar", made with
 * ical-generator (maintained, no dependencies of its own, runs in the browser and on the server). Times
 * are written in UTC, so every calendar places the interview at the same instant without a VTIMEZONE.
 * The event's UID is the interview's, so adding it again after a change updates the same event.
 */
import ical, { ICalEventStatus } from 'ical-generator';
import { interviewSpan, meetingLinkOf, type ScheduledInterview } from '../schemas/scheduled-interview.schema';

export interface InterviewIcsContext {
  candidateName: string;
  interviewerName: string;
  /** The product's name, for the calendar's PRODID. */
  appName: string;
  /** DTSTAMP: when the file is made. */
  now: Date;
}

/** One interview of a calendar, with the names its event shows. */
export interface CalendarInterview {
  interview: ScheduledInterview;
  candidateName: string;
  interviewerName: string;
}

/** A calendar of interviews (the per-user feed, or one interview's file), each its own event. */
export function interviewsCalendar(items: readonly CalendarInterview[], { appName, now, name }: { appName: string; now: Date; name: string }): string {
  const calendar = ical({ prodId: { company: appName, product: 'Interviews', language: 'EN' }, name });
  for (const { interview, candidateName, interviewerName } of items) {
    const { start, end } = interviewSpan(interview);
    const link = meetingLinkOf(interview.place);
    const description = [`Interviewer: ${interviewerName}`, ...(link ? [`Meeting link: ${link}`] : []), ...(interview.note ? ['', interview.note] : [])].join('\n');
    calendar.createEvent({
      id: `${interview.uid}@rephire`,
      start: new Date(start),
      end: new Date(end),
      stamp: now,
      summary: `Interview: ${candidateName}`,
      description,
      location: interview.place.trim() || null,
      url: link,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

export function interviewIcs(interview: ScheduledInterview, context: InterviewIcsContext): string {
  const { candidateName, interviewerName, appName, now } = context;
  return interviewsCalendar([{ interview, candidateName, interviewerName }], { appName, now, name: `Interview with ${candidateName}` });
}

/** A file name for the interview's .ics: "interview-ann-lee-2026-12-01.ics". */
export function interviewIcsFileName(candidateName: string, interview: Pick<ScheduledInterview, 'date'>): string {
  const slug = candidateName.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().toLowerCase().replace(/[\s_-]+/g, '-').slice(0, 60) || 'candidate';
  return `interview-${slug}-${interview.date}.ics`;
}
