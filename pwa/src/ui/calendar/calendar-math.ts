/**
 * Calendar arithmetic on 'yyyy-MM-dd' day strings for the range calendar: month grids, moving by days
 * and months, and range membership. Pure and time-zone free (a day string is already a calendar day).
 */
import { parseDay, shiftDay, type DayString } from '@shared/format/time-zone';

export interface YearMonth {
  year: number;
  /** 1–12. */
  month: number;
}

export interface DayRange {
  from: DayString | null;
  to: DayString | null;
}

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];
export const WEEKDAY_SHORT = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];
export const WEEKDAY_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function dayOf(year: number, month: number, day: number): DayString {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function monthOf(day: DayString): YearMonth {
  const parsed = parseDay(day);
  if (!parsed) throw new RangeError(`Invalid day "${day}"`);
  return { year: parsed.year, month: parsed.month };
}

export function addMonths({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareMonths(a: YearMonth, b: YearMonth): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

export function daysInMonth({ year, month }: YearMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 = Sunday. */
export function weekdayOf(day: DayString): number {
  const { year, month, day: date } = parseDay(day)!;
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** 'January 2024'. */
export function monthLabel({ year, month }: YearMonth): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** 'Friday, January 5, 2024': what a screen reader hears for a day button. */
export function dayLabel(day: DayString): string {
  const { year, month, day: date } = parseDay(day)!;
  return `${WEEKDAY_LONG[weekdayOf(day)]}, ${MONTH_NAMES[month - 1]} ${date}, ${year}`;
}

/** The month as weeks of seven cells (Sunday first); cells outside the month are null. */
export function monthWeeks(ym: YearMonth): Array<Array<DayString | null>> {
  const first = dayOf(ym.year, ym.month, 1);
  const cells: Array<DayString | null> = Array.from({ length: weekdayOf(first) }, () => null);
  const count = daysInMonth(ym);
  for (let date = 1; date <= count; date += 1) cells.push(dayOf(ym.year, ym.month, date));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<DayString | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The same day of the month `delta` months away, clamped to that month's length (Jan 31 → Feb 29). */
export function shiftMonthKeepingDay(day: DayString, delta: number): DayString {
  const { day: date } = parseDay(day)!;
  const target = addMonths(monthOf(day), delta);
  return dayOf(target.year, target.month, Math.min(date, daysInMonth(target)));
}

/** Where a keyboard key moves the focused day (the date-picker grid keys of WAI-ARIA), or null. */
export function dayAfterKey(day: DayString, key: string, shiftKey = false): DayString | null {
  switch (key) {
    case 'ArrowLeft':
      return shiftDay(day, -1);
    case 'ArrowRight':
      return shiftDay(day, 1);
    case 'ArrowUp':
      return shiftDay(day, -7);
    case 'ArrowDown':
      return shiftDay(day, 7);
    case 'Home':
      return shiftDay(day, -weekdayOf(day));
    case 'End':
      return shiftDay(day, 6 - weekdayOf(day));
    case 'PageUp':
      return shiftMonthKeepingDay(day, shiftKey ? -12 : -1);
    case 'PageDown':
      return shiftMonthKeepingDay(day, shiftKey ? 12 : 1);
    default:
      return null;
  }
}

/** A click on a day: the first click starts a range, the second ends it (in either order). */
export function pickDay(range: DayRange, day: DayString): DayRange {
  if (!range.from || range.to) return { from: day, to: null };
  return day < range.from ? { from: day, to: range.from } : { from: range.from, to: day };
}

/** Whether a day lies within the range (a range with only `from` covers that one day). */
export function isInRange(day: DayString, { from, to }: DayRange): boolean {
  if (!from) return false;
  if (!to) return day === from;
  return day >= from && day <= to;
}
