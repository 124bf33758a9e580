import { memo, useState } from 'react';
import { type DateRangeFilter as Range } from '@shared/candidates/filters';
import { formatShortDay, PACIFIC_TIME_ZONE } from '@shared/format/dates';
import { toDayString } from '@shared/format/time-zone';
import { Button } from '@/ui/Button';
import { RangeCalendar } from '@/ui/calendar/RangeCalendar';
import { CalendarIcon } from '@/ui/icons';
import { Popover } from '@/ui/Popover';
import { useCandidatesView } from '../../candidates-view-store';

function rangeText({ from, to }: Range): string {
  if (from && to) return from === to ? formatShortDay(from) : `${formatShortDay(from)} – ${formatShortDay(to)}`;
  if (from) return `From ${formatShortDay(from)}`;
  return 'Date Range';
}

/** The Date Range popover: a two-month range calendar, Clear and Apply. Days are Pacific days, as the table shows. */
function DateRangeFilterView() {
  const range = useCandidatesView((state) => state.filters.dateRange);
  const active = Boolean(range.from || range.to);
  return (
    <Popover
      trigger={
        <>
          <CalendarIcon /> {active ? rangeText(range) : 'Date Range'}
        </>
      }
      triggerLabel={active ? `Date Range: ${rangeText(range)}` : undefined}
      triggerVariant={active ? 'secondary' : 'outline'}
      panelLabel="Date Range"
      focusFirst={false}
    >
      {(close) => <DateRangePanel close={close} />}
    </Popover>
  );
}

function DateRangePanel({ close }: { close: () => void }) {
  const applied = useCandidatesView((state) => state.filters.dateRange);
  const updateFilters = useCandidatesView((state) => state.updateFilters);
  const [draft, setDraft] = useState<Range>(applied);
  const apply = (dateRange: Range) => {
    updateFilters((filters) => ({ ...filters, dateRange }));
    close();
  };
  return (
    <div className="grid gap-3">
      <RangeCalendar value={draft} onChange={setDraft} today={toDayString(new Date(), PACIFIC_TIME_ZONE)} autoFocus />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {draft.from ? (draft.to ? rangeText(draft) : `${formatShortDay(draft.from)}: pick the last day`) : 'Pick the first day'}
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => apply({ from: null, to: null })}>
          Clear
        </Button>
        <Button size="sm" onClick={() => apply(draft)} disabled={!draft.from}>
          Apply
        </Button>
      </div>
    </div>
  );
}

// Memoised: the page re-renders on each sort, filter or page change; this only when its props or store slice change.
export const DateRangeFilter = memo(DateRangeFilterView);
