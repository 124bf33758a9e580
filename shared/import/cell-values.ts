/**
 * Turning spreadsheet cells (strings from CSV; strings, numbers, booleans or Dates from a workbook) into
 * candidate values. Only primitive values and Dates are read; any other object becomes empty, so a
 * crafted cell can never smuggle an object into a candidate.
 */
import { dateOnlyIso } from '../format/dates';
import { zonedTimeToEpochMs } from '../format/time-zone';

/** A cell as trimmed text; '' for empty cells and for anything that is not a primitive or a Date. */
export function cellText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return '';
}

const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
];
// Spreadsheet day 0 is 1899-12-30 (the 1900 leap-year bug included), so serial 1 is 1900-01-01.
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);
const MS_PER_DAY = 86_400_000;
const MAX_EXCEL_SERIAL = 2_958_465; // 9999-12-31

const ISO_WITH_ZONE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LOCAL = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;
const NUMERIC_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?)?$/i;
const MONTH_FIRST = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i;

/** 1–12 for a month name or its abbreviation of 3+ letters ('Jan', 'Sept', 'December'), else null. */
function monthNumber(name: string): number | null {
  const lower = name.toLowerCase();
  const index = MONTHS.findIndex((month) => month.startsWith(lower));
  return lower.length >= 3 && index !== -1 ? index + 1 : null;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}

function isRealDate({ year, month, day, hour = 0, minute = 0, second = 0 }: WallTime): boolean {
  if (hour > 23 || minute > 59 || second > 59) return false;
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/**
 * A wall-clock time read in `timeZone`; a date with no time at all is that calendar day wherever it is
 * read (stored as midnight UTC: see format/dates.ts).
 */
function fromWallTime(wall: WallTime, timeZone: string): string | null {
  if (!isRealDate(wall)) return null;
  if (wall.hour === undefined) return dateOnlyIso(wall.year, wall.month, wall.day);
  return new Date(zonedTimeToEpochMs(wall, timeZone)).toISOString();
}

function twelveHour(hour: number, meridiem: string | undefined): number | null {
  if (!meridiem) return hour;
  if (hour < 1 || hour > 12) return null;
  const pm = meridiem.toLowerCase().startsWith('p');
  return (hour % 12) + (pm ? 12 : 0);
}

function parseDateText(text: string, timeZone: string): string | null {
  let m = ISO_WITH_ZONE.exec(text);
  if (m) {
    const zone = m[3]!.toUpperCase() === 'Z' ? 'Z' : m[3]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    const epochMs = Date.parse(`${m[1]}T${m[2]}${zone}`);
    return Number.isFinite(epochMs) ? new Date(epochMs).toISOString() : null;
  }
  m = ISO_LOCAL.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s] = m;
    return fromWallTime(h ? { year: +y!, month: +mo!, day: +d!, hour: +h, minute: +mi!, second: s ? +s : 0 } : { year: +y!, month: +mo!, day: +d! }, timeZone);
  }
  m = NUMERIC_DATE.exec(text);
  if (m) {
    const [, a, b, y, h, mi, s, meridiem] = m;
    // Month first (US), unless the first number cannot be a month.
    let [month, day] = [+a!, +b!];
    if (month > 12 && day <= 12) [month, day] = [day, month];
    const year = y!.length === 2 ? 2000 + +y! : +y!;
    if (!h) return fromWallTime({ year, month, day }, timeZone);
    const hour = twelveHour(+h, meridiem);
    if (hour === null) return null;
    return fromWallTime({ year, month, day, hour, minute: +mi!, second: s ? +s : 0 }, timeZone);
  }
  m = MONTH_FIRST.exec(text);
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? fromWallTime({ year: +m[3]!, month, day: +m[2]! }, timeZone) : null;
  }
  m = DAY_FIRST.exec(text);
  if (m) {
    const month = monthNumber(m[2]!);
    return month ? fromWallTime({ year: +m[3]!, month, day: +m[1]! }, timeZone) : null;
  }
  return null;
}

function fromExcelSerial(serial: number, timeZone: string): string | null {
  if (serial < 1 || serial > MAX_EXCEL_SERIAL) return null;
  // The serial is a wall-clock date and time in whatever zone the sheet was made; read it in ours.
  const wallAsUtc = new Date(EXCEL_EPOCH_UTC + Math.round(serial * MS_PER_DAY / 1000) * 1000);
  const date = { year: wallAsUtc.getUTCFullYear(), month: wallAsUtc.getUTCMonth() + 1, day: wallAsUtc.getUTCDate() };
  // A whole serial is a date without a time.
  if (Number.isInteger(serial)) return fromWallTime(date, timeZone);
  return fromWallTime({ ...date, hour: wallAsUtc.getUTCHours(), minute: wallAsUtc.getUTCMinutes(), second: wallAsUtc.getUTCSeconds() }, timeZone);
}

export type DateCell = { kind: 'empty' } | { kind: 'date'; iso: string } | { kind: 'invalid'; text: string };

/**
 * An applied-date cell as a UTC ISO string. Accepted: Date objects; spreadsheet serial numbers;
 * ISO date-times with Z or an offset; 'yyyy-MM-dd' with an optional time; 'M/D/YYYY' (or D/M/YYYY when
 * the first number is over 12) with an optional time and AM/PM; 'Jan 5, 2024'; '5 January 2024'.
 * Times without a zone are read as wall-clock times in `timeZone`; a date without a time is that
 * calendar day (midnight UTC), whatever the zone.
 */
export function parseDateCell(value: unknown, timeZone: string): DateCell {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? { kind: 'invalid', text: String(value) } : { kind: 'date', iso: value.toISOString() };
  }
  if (typeof value === 'number') {
    const iso = Number.isFinite(value) ? fromExcelSerial(value, timeZone) : null;
    return iso ? { kind: 'date', iso } : { kind: 'invalid', text: String(value) };
  }
  const text = cellText(value);
  if (!text) return { kind: 'empty' };
  if (/^\d+(\.\d+)?$/.test(text)) {
    const iso = fromExcelSerial(Number(text), timeZone);
    return iso ? { kind: 'date', iso } : { kind: 'invalid', text };
  }
  const iso = parseDateText(text, timeZone);
  return iso ? { kind: 'date', iso } : { kind: 'invalid', text };
}
