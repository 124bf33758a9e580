/**
 * A date-range calendar showing two consecutive months (stacked on narrow screens). Follows the
 * WAI-ARIA date-picker grid: one day button is in the tab order (roving tabindex), arrow keys move by
 * day and week, Home/End to the week's ends, PageUp/PageDown by month (with Shift by year); moving
 * past the visible months turns the page. Enter or Space (or a click) picks a day: the first pick
 * starts the range, the second ends it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { DayString } from '@shared/format/time-zone';
import { cn } from '../cn';
import {
  addMonths,
  compareMonths,
  dayAfterKey,
  dayLabel,
  isInRange,
  monthLabel,
  monthOf,
  monthWeeks,
  pickDay,
  WEEKDAY_LONG,
  WEEKDAY_SHORT,
  type DayRange,
  type YearMonth,
} from './calendar-math';

export interface RangeCalendarProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** Today's day string (marks today and is where focus starts with no range). */
  today: DayString;
  /** Focus the day in the tab order on mount (the calendar opened in a popover). */
  autoFocus?: boolean;
  className?: string;
}

export function RangeCalendar({ value, onChange, today, autoFocus, className }: RangeCalendarProps) {
  const [first, setFirst] = useState<YearMonth>(() => monthOf(value.from ?? today));
  const [focused, setFocused] = useState<DayString>(value.from ?? today);
  const moveFocus = useRef(Boolean(autoFocus));
  const grid = useRef<HTMLDivElement>(null);
  const months = [first, addMonths(first, 1)];

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, first]);

  // The focused day must be on screen: if the shown months moved away from it, focus their first day.
  const focusVisible =
    compareMonths(monthOf(focused), first) >= 0 && compareMonths(monthOf(focused), months[1]!) <= 0;
  const tabStop = focusVisible ? focused : `${String(first.year).padStart(4, '0')}-${String(first.month).padStart(2, '0')}-01`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: DayString) {
    const next = dayAfterKey(day, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    const month = monthOf(next);
    if (compareMonths(month, first) < 0) setFirst(month);
    else if (compareMonths(month, months[1]!) > 0) setFirst(addMonths(month, -1));
    moveFocus.current = true;
    setFocused(next);
  }

  const pick = (day: DayString) => {
    setFocused(day);
    onChange(pickDay(value, day));
  };

  return (
    <div ref={grid} className={cn('grid gap-3', className)}>
      <div className="flex items-center justify-between">
        <button
          type="button"
          onClick={() => setFirst(addMonths(first, -1))}
          aria-label="Previous month"
          className="rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <Chevron direction="left" />
        </button>
        <button
          type="button"
          onClick={() => setFirst(addMonths(first, 1))}
          aria-label="Next month"
          className="rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground"
        >
          <Chevron direction="right" />
        </button>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:gap-6">
        {months.map((month) => (
          <MonthGrid
            key={`${month.year}-${month.month}`}
            month={month}
            range={value}
            today={today}
            tabStop={tabStop}
            onPick={pick}
            onKeyDown={onKeyDown}
          />
        ))}
      </div>
    </div>
  );
}

interface MonthGridProps {
  month: YearMonth;
  range: DayRange;
  today: DayString;
  tabStop: DayString;
  onPick: (day: DayString) => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>, day: DayString) => void;
}

function MonthGrid({ month, range, today, tabStop, onPick, onKeyDown }: MonthGridProps) {
  const label = monthLabel(month);
  const headingId = `calendar-${month.year}-${month.month}`;
  return (
    <div className="grid gap-2">
      <h3 id={headingId} className="text-center text-sm font-medium" aria-live="polite">
        {label}
      </h3>
      <table role="grid" aria-labelledby={headingId} className="border-collapse">
        <thead>
          <tr>
            {WEEKDAY_SHORT.map((short, index) => (
              <th key={short} scope="col" abbr={WEEKDAY_LONG[index]} className="size-9 text-xs font-normal text-muted-foreground">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) =>
                day ? (
                  <DayCell key={day} day={day} range={range} today={today} tabStop={tabStop} onPick={onPick} onKeyDown={onKeyDown} />
                ) : (
                  <td key={`blank-${column}`} className="size-9" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayCell({ day, range, today, tabStop, onPick, onKeyDown }: Omit<MonthGridProps, 'month'> & { day: DayString }) {
  const selected = isInRange(day, range);
  const isEnd = day === range.from || day === range.to;
  return (
    <td role="gridcell" aria-selected={selected} className="p-0 text-center">
      <button
        type="button"
        data-day={day}
        tabIndex={day === tabStop ? 0 : -1}
        aria-label={dayLabel(day)}
        aria-current={day === today ? 'date' : undefined}
        onClick={() => onPick(day)}
        onKeyDown={(event) => onKeyDown(event, day)}
        className={cn(
          'size-9 rounded-md text-sm tabular-nums transition-colors focus-visible:ring-2 focus-visible:ring-ring',
          isEnd
            ? 'bg-primary text-primary-foreground'
            : selected
              ? 'bg-primary/15 text-foreground'
              : 'hover:bg-accent',
          day === today && !isEnd && 'font-bold text-primary',
        )}
      >
        {Number(day.slice(8))}
      </button>
    </td>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
