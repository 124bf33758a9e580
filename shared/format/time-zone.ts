/**
 * Calendar days in IANA time zones, computed with Intl only (no Node or DOM APIs).
 *
 * A "day" is a 'yyyy-MM-dd' string. `dayBounds` answers the UTC instants where that day starts and ends
 * in a zone, which is what filters and the Interviews page compare stored UTC timestamps against. It is
 * DST-safe: a day may last 23 or 25 hours, and on the rare days where local midnight does not exist
 * (a zone that springs forward at 00:00) the day starts at the first instant that has that date.
 */

import { dateTimeFormat } from './intl';

export type DayString = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** One cached formatter per zone (shared/format/intl.ts). */
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat({
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}

interface ZonedFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock fields of an instant in a zone. Throws RangeError for an unknown zone. */
export function zonedFields(epochMs: number, timeZone: string): ZonedFields {
  const fields: ZonedFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormatter(timeZone).formatToParts(epochMs)) {
    if (part.type in fields) fields[part.type as keyof ZonedFields] = Number(part.value);
  }
  return fields;
}

function rawOffsetMs(epochMs: number, timeZone: string): number {
  const f = zonedFields(epochMs, timeZone);
  const wallClockAsUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wallClockAsUtc - Math.floor(epochMs / 1000) * 1000;
}

// Offsets per zone per UTC day: the offset at the day's first and last millisecond, kept when they agree
// (no transition that day), else null (ask Intl for each instant of that day). Intl.formatToParts costs
// ~10 µs a call; importing or filtering 100,000 dates would otherwise spend seconds here.
const dailyOffsets = new Map<string, Map<number, number | null>>();
const DAILY_OFFSET_CACHE_LIMIT = 20_000;

/** The zone's offset from UTC at an instant, in milliseconds (e.g. -8 h for PST). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  let days = dailyOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    dailyOffsets.set(timeZone, days);
  }
  const dayIndex = Math.floor(epochMs / MS_PER_DAY);
  let offset = days.get(dayIndex);
  if (offset === undefined) {
    const atStart = rawOffsetMs(dayIndex * MS_PER_DAY, timeZone);
    const atEnd = rawOffsetMs((dayIndex + 1) * MS_PER_DAY - 1, timeZone);
    offset = atStart === atEnd ? atStart : null;
    if (days.size >= DAILY_OFFSET_CACHE_LIMIT) days.clear();
    days.set(dayIndex, offset);
  }
  return offset ?? rawOffsetMs(epochMs, timeZone);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function formatDay(year: number, month: number, day: number): DayString {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Parses 'yyyy-MM-dd' into numbers, or null when it is not a real calendar date. */
export function parseDay(day: string): { year: number; month: number; day: number } | null {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const date = Number(match[3]);
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return { year, month, day: date };
}

export function isValidDay(day: string): boolean {
  return parseDay(day) !== null;
}

function requireDay(day: string) {
  const parsed = parseDay(day);
  if (!parsed) throw new RangeError(`Invalid day "${day}": expected yyyy-MM-dd`);
  return parsed;
}

/** The calendar day ('yyyy-MM-dd') of an instant in an IANA zone. */
export function toDayString(date: Date | string | number, timeZone: string): DayString {
  const epochMs = typeof date === 'number' ? date : typeof date === 'string' ? Date.parse(date) : date.getTime();
  if (!Number.isFinite(epochMs)) throw new RangeError(`Invalid date: ${String(date)}`);
  const local = new Date(epochMs + zoneOffsetMs(epochMs, timeZone));
  return formatDay(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate());
}

/** The day `delta` days after (or before, when negative) a day. Pure calendar arithmetic. */
export function shiftDay(day: DayString, delta: number): DayString {
  const { year, month, day: date } = requireDay(day);
  const shifted = new Date(Date.UTC(year, month - 1, date) + delta * MS_PER_DAY);
  return formatDay(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** The first instant (epoch ms) whose local date in the zone is the given day. */
function startOfDayMs(year: number, month: number, date: number, timeZone: string): number {
  const wallMidnight = Date.UTC(year, month - 1, date);
  const target = formatDay(year, month, date);
  // The offset at local midnight is unknown until we know the instant; try the offsets in force on
  // either side. Normally they agree; around a transition at midnight they differ and the earliest
  // candidate that still falls on the target day is the day's first instant.
  const firstGuess = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  const candidates = [firstGuess, wallMidnight - zoneOffsetMs(firstGuess, timeZone)].sort((a, b) => a - b);
  for (const candidate of candidates) {
    // When midnight was skipped (clocks jumped from 23:59 to 01:00) the later candidate is the
    // transition instant itself, 01:00 local: still the first instant that has the target date.
    if (toDayString(candidate, timeZone) === target) return candidate;
  }
  return firstGuess;
}

/**
 * The instant at which a zone's clocks show a wall-clock time. A time that does not exist (skipped by a
 * spring-forward) resolves to the same wall-clock distance after the transition; an ambiguous time
 * (repeated by a fall-back) resolves to its first occurrence.
 */
export function zonedTimeToEpochMs(
  fields: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
  timeZone: string,
): number {
  const wall = Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour ?? 0, fields.minute ?? 0, fields.second ?? 0);
  const first = wall - zoneOffsetMs(wall, timeZone);
  const second = wall - zoneOffsetMs(first, timeZone);
  const candidates = [first, second].sort((a, b) => a - b);
  // Prefer the earliest candidate that really shows that wall time; in a gap neither does.
  for (const candidate of candidates) if (candidate + zoneOffsetMs(candidate, timeZone) === wall) return candidate;
  return first;
}

export interface DayBounds {
  /** The first instant of the day in the zone. */
  start: Date;
  /** The first instant of the next day (exclusive end). */
  end: Date;
}

/** The UTC instants where a day starts and ends in an IANA zone; a day can be 23, 24 or 25 hours long. */
export function dayBounds(day: DayString, timeZone: string): DayBounds {
  const { year, month, day: date } = requireDay(day);
  const next = requireDay(shiftDay(day, 1));
  return {
    start: new Date(startOfDayMs(year, month, date, timeZone)),
    end: new Date(startOfDayMs(next.year, next.month, next.day, timeZone)),
  };
}

/** True when the string names a time zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone this runtime (device or server) runs in, e.g. 'America/Los_Angeles'. */
export function deviceTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}
