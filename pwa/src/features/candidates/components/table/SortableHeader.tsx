import type { SortColumn, SortState } from '@shared/candidates/sort';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from '@/ui/action-icons';
import { cn } from '@/ui/cn';

interface SortableHeaderProps {
  column: SortColumn;
  label: string;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  className?: string;
}

/** A column header that sorts: a button inside a th carrying aria-sort. */
export function SortableHeader({ column, label, sort, onSort, className }: SortableHeaderProps) {
  const active = sort.column === column;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? ArrowUpDownIcon : sort.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <th scope="col" aria-sort={ariaSort} className={cn('px-2 py-2 text-left font-medium', className)}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          '-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 whitespace-nowrap hover:bg-accent hover:text-foreground',
          active && 'text-foreground',
        )}
      >
        {label}
        <Icon className={cn('size-3.5', !active && 'opacity-40')} />
      </button>
    </th>
  );
}
