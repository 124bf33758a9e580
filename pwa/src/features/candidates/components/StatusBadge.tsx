import { capitalizeStatus, statusBadgeColor, type BadgeColor } from '@shared/candidates/status-labels';
import { cn } from '@/ui/cn';

const COLORS: Record<BadgeColor, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-300',
  purple: 'bg-purple-100 text-purple-800 dark:bg-purple-900/40 dark:text-purple-300',
  gray: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-300',
};

/** A status badge in the spec's colours: hired green, rejected red, interview blue, offer purple, others gray. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const color = statusBadgeColor(status);
  return (
    <span
      data-color={color}
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap', COLORS[color], className)}
    >
      {capitalizeStatus(status)}
    </span>
  );
}
