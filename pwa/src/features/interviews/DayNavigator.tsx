import { dayLabel } from '@shared/format/dates';
import { shiftDay } from '@shared/format/time-zone';
import { Button } from '@/ui/Button';
import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/action-icons';

/** Previous day, the day's heading ('Today', 'Yesterday' or the full date), next day (not past today). */
export function DayNavigator({ day, today, onChange }: { day: string; today: string; onChange: (day: string) => void }) {
  const atToday = day >= today;
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <Button variant="outline" size="icon" onClick={() => onChange(shiftDay(day, -1))} aria-label="Previous day">
        <ChevronLeftIcon />
      </Button>
      <h2 aria-live="polite" className="min-w-0 flex-1 text-center text-lg font-semibold sm:min-w-64 sm:flex-none">
        {dayLabel(day, today)}
      </h2>
      <Button variant="outline" size="icon" onClick={() => onChange(shiftDay(day, 1))} disabled={atToday} aria-label="Next day">
        <ChevronRightIcon />
      </Button>
      {!atToday && (
        <Button variant="ghost" size="sm" onClick={() => onChange(today)}>
          Today
        </Button>
      )}
    </div>
  );
}
