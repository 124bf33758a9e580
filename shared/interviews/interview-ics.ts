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

export function interviewIcs(interview: ScheduledInterview, context: InterviewIcsContext): string {
  const { start, end } = interviewSpan(interview);
  const link = meetingLinkOf(interview.place);
  const description = [`Interviewer: ${context.interviewerName}`, ...(link ? [`Meeting link: ${link}`] : []), ...(interview.note ? ['', interview.note] : [])].join('\n');
  const calendar = ical({ prodId: { company: context.appName, product: 'Interviews', language: 'EN' }, name: `Interview with ${context.candidateName}` });
  calendar.createEvent({
    id: `${interview.uid}@rephire`,
    start: new Date(start),
    end: new Date(end),
    stamp: context.now,
    summary: `Interview: ${context.candidateName}`,
    description,
    location: interview.place.trim() || null,
    url: link,
    status: ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** A file name for the interview's .ics: "interview-ann-lee-2026-12-01.ics". */
export function interviewIcsFileName(candidateName: string, interview: Pick<ScheduledInterview, 'date'>): string {
  const slug = candidateName.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().toLowerCase().replace(/[\s_-]+/g, '-').slice(0, 60) || 'candidate';
  return `interview-${slug}-${interview.date}.ics`;
}
