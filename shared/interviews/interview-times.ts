/**
 * How a scheduled interview's time reads, in the viewer's zone (the device's): the day, and the start
 * and end times ("9:30 AM – 10:15 AM"); an interview that ends on a later day says so.
 */
import { toDayString, zonedFields } from '../format/time-zone';
import { interviewSpan, type ScheduledInterview } from '../schemas/scheduled-interview.schema';

type Timed = Pick<ScheduledInterview, 'date' | 'startTime' | 'timeZone' | 'durationMinutes'>;

const timeFormat = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
const dayFormat = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/** "9:30 AM – 10:15 AM" (or "11:30 PM – 12:30 AM (next day)"). */
export function formatInterviewTimeRange(row: Timed, timeZone: string): string {
  const { start, end } = interviewSpan(row);
  const format = timeFormat(timeZone);
  const later = toDayString(end, timeZone) !== toDayString(start, timeZone) ? ' (next day)' : '';
  return `${format.format(start)} – ${format.format(end)}${later}`;
}

/** "Tue, Dec 1, 2026" — the day the interview starts on, in the zone. */
export function formatInterviewDay(row: Timed, timeZone: string): string {
  return dayFormat(timeZone).format(interviewSpan(row).start);
}

/** The day (yyyy-MM-dd) the interview starts on, in the zone. */
export function interviewDayIn(row: Timed, timeZone: string): string {
  return toDayString(interviewSpan(row).start, timeZone);
}

/** "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The interview's start as a date and HH:mm on the wall clock of `timeZone` (to edit it there). */
export function wallClockIn(row: Timed, timeZone: string): { date: string; startTime: string } {
  const start = interviewSpan(row).start;
  const { hour, minute } = zonedFields(start, timeZone);
  return { date: toDayString(start, timeZone), startTime: `${String(hour % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
}
