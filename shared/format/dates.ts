/**
 * How dates read on screen, everywhere: one date format ('Jan 5, 2024') and one date-time format
 * ('Jan 5, 2024, 10:30 AM PST'). Stored dates are UTC ISO strings (DECISIONS, Dates); the candidates
 * table shows them in Pacific time with the PST/PDT suffix (spec), other screens in the device's zone.
 *
 * A date given without a time (an applied date imported as '2026-11-22', a form's date field) is
 * stored as midnight UTC of that day, and an instant exactly at midnight UTC reads as that calendar
 * day, with no time, in every zone: "Nov 22, 2026" on every screen, never "Nov 21, 4:00 PM PST".
 * Output is assembled from Intl parts so it does not depend on the ICU version's spacing choices
 * (newer ICU puts a narrow no-break space before AM/PM).
 */
import { dateParts } from './intl';
import { deviceTimeZone, parseDay, type DayString, shiftDay, toDayString } from './time-zone';

export const PACIFIC_TIME_ZONE = 'America/Los_Angeles';
/** The sparkle window for recent applications. */
export const RECENT_APPLICATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Timestamps slightly in the future (another device's clock running ahead) still count as recent. */
const CLOCK_SKEW_TOLERANCE_MS = 5 * 60 * 1000;

const MS_PER_DAY = 86_400_000;

/** The stored form of a date without a time: midnight UTC of that calendar day. */
export function dateOnlyIso(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString();
}

/** Whether a stored instant is a date without a time (exactly midnight UTC). */
export function isDateOnlyEpoch(epochMs: number): boolean {
  return Number.isFinite(epochMs) && epochMs % MS_PER_DAY === 0;
}

function toEpochMs(value: Date | string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  if (value instanceof Date) return value.getTime();
  return typeof value === 'number' ? value : Date.parse(value);
}

/**
 * 'Jan 5, 2024, 10:30 AM PST' (or PDT in summer) in America/Los_Angeles, or 'Jan 5, 2024' for a date
 * without a time. Returns '' for a missing or unparseable date so the screen can show its dash.
 */
export function formatPacificDate(iso: Date | string | null | undefined): string {
  return formatDateTime(iso, PACIFIC_TIME_ZONE);
}

/**
 * The one date-time format: 'Jan 5, 2024, 10:30 AM PST' in the zone given (the device's by default), or
 * the day alone for a date without a time. '' for a missing or unparseable date.
 */
export function formatDateTime(iso: Date | string | null | undefined, timeZone?: string): string {
  const epochMs = toEpochMs(iso);
  if (!Number.isFinite(epochMs)) return '';
  if (isDateOnlyEpoch(epochMs)) return formatDayOf(epochMs);
  const p = dateParts(
    {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZoneName: 'short',
    },
    epochMs,
  );
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/**
 * True when the date lies in the 24 hours before `now` (a few minutes of clock skew ahead allowed). A date
 * without a time has no hour to measure from: it counts while its day is today in `timeZone` (the
 * device's), the only part of it known to lie within the last 24 hours. Measured from midnight UTC it
 * would sparkle from 4 PM the evening before to 4 PM that day in California.
 */
export function isWithinLast24Hours(iso: Date | string | null | undefined, now: Date, timeZone?: string): boolean {
  const epochMs = toEpochMs(iso);
  if (!Number.isFinite(epochMs)) return false;
  if (isDateOnlyEpoch(epochMs)) return toDayString(now, timeZone ?? deviceTimeZone()) === toDayString(epochMs, 'UTC');
  const age = now.getTime() - epochMs;
  return age >= -CLOCK_SKEW_TOLERANCE_MS && age < RECENT_APPLICATION_WINDOW_MS;
}

/**
 * A date in the device's zone (or the one given), e.g. 'Jan 5, 2024'. Returns '' for a missing or
 * unparseable date.
 */
export function formatLocalDate(iso: Date | string | null | undefined, timeZone?: string): string {
  const epochMs = toEpochMs(iso);
  if (!Number.isFinite(epochMs)) return '';
  return formatDayOf(epochMs, isDateOnlyEpoch(epochMs) ? 'UTC' : timeZone);
}

/** 'Jan 5, 2024': the day an instant falls on in a zone (UTC: a date without a time is its own day). */
function formatDayOf(epochMs: number, timeZone = 'UTC'): string {
  const p = dateParts({ timeZone, year: 'numeric', month: 'short', day: 'numeric' }, epochMs);
  return `${p.month} ${p.day}, ${p.year}`;
}

function dayAtUtcNoon(day: DayString): number {
  const parsed = parseDay(day);
  if (!parsed) throw new RangeError(`Invalid day "${day}": expected yyyy-MM-dd`);
  return Date.UTC(parsed.year, parsed.month - 1, parsed.day, 12);
}

/** 'Monday, January 1, 2024' for a 'yyyy-MM-dd' day. */
export function formatLongDay(day: DayString): string {
  const p = dateParts({ timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, dayAtUtcNoon(day));
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
}

/** 'Jan 1, 2024' for a 'yyyy-MM-dd' day (filter chips, compact labels). */
export function formatShortDay(day: DayString): string {
  const p = dateParts({ timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }, dayAtUtcNoon(day));
  return `${p.month} ${p.day}, ${p.year}`;
}

/** The Interviews heading: 'Today', 'Yesterday' or 'Monday, January 1, 2024'. Both days are 'yyyy-MM-dd'. */
export function dayLabel(day: DayString, today: DayString): string {
  if (day === today) return 'Today';
  if (day === shiftDay(today, -1)) return 'Yesterday';
  return formatLongDay(day);
}

/** The same label inside a sentence: "… scheduled for today", "Interviews for yesterday". */
export function dayLabelInSentence(day: DayString, today: DayString): string {
  const label = dayLabel(day, today);
  return label === 'Today' || label === 'Yesterday' ? label.toLowerCase() : label;
}
