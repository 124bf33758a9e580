import { pageNumbers, PAGE_SIZE_OPTIONS, showingResultsText, type Page } from '@shared/list/pagination';
import { ChevronLeftIcon, ChevronRightIcon } from './action-icons';
import { Button } from './Button';
import { cn } from './cn';

export interface PaginationProps {
  page: Pick<Page<unknown>, 'page' | 'pageCount' | 'pageSize' | 'from' | 'to' | 'total'>;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  pageSizeOptions?: readonly number[];
  /** Names the navigation landmark, e.g. "Candidates pages". */
  label?: string;
  className?: string;
}

/**
 * A table footer: 'Showing a to b of n results', rows per page, Previous/Next and numbered pages with
 * ellipses (the current page marked with aria-current).
 */
export function Pagination({
  page,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  label = 'Pagination',
  className,
}: PaginationProps) {
  const items = pageNumbers(page.page, page.pageCount);
  return (
    <div data-toast-avoid className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', className)}>
      <p className="text-muted-foreground" aria-live="polite">
        {showingResultsText(page)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {onPageSizeChange && (
          <label className="flex items-center gap-2 text-muted-foreground">
            Rows per page
            <select
              value={page.pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
              className="h-8 rounded-md border border-input bg-background px-2 text-sm text-foreground"
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
        )}
        <nav aria-label={label} className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPageChange(page.page - 1)}
            disabled={page.page <= 1}
            aria-label="Previous page"
          >
            <ChevronLeftIcon />
            <span className="hidden md:inline">Previous</span>
          </Button>
          {items.map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                variant={item === page.page ? 'default' : 'ghost'}
                size="sm"
                className="min-w-8 px-2 tabular-nums"
                aria-label={`Page ${item}`}
                aria-current={item === page.page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </Button>
            ) : (
              <span key={item} aria-hidden="true" className="px-1 text-muted-foreground">
                …
              </span>
            ),
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPageChange(page.page + 1)}
            disabled={page.page >= page.pageCount}
            aria-label="Next page"
          >
            <span className="hidden md:inline">Next</span>
            <ChevronRightIcon />
          </Button>
        </nav>
      </div>
    </div>
  );
}
