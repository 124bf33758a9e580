import { Button } from '@/ui/Button';
import { pageItems } from './lead-format';

export interface LeadsPaginationProps {
  page: number;
  pageCount: number;
  onPage(page: number): void;
}

/** First/Previous, page numbers with gaps, Next/Last, and "Page X of Y" when there is more than one page. */
export function LeadsPagination({ page, pageCount, onPage }: LeadsPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Saved leads pages" data-toast-avoid className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="outline" size="sm" onClick={() => onPage(1)} disabled={page === 1} aria-label="First page">
          First
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page === 1}>
          Previous
        </Button>
        {pageItems(page, pageCount).map((item, i) =>
          item === 'gap' ? (
            <span key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden="true">
              …
            </span>
          ) : (
            <Button
              key={item}
              variant={item === page ? 'default' : 'outline'}
              size="sm"
              onClick={() => onPage(item)}
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
            >
              {item}
            </Button>
          ),
        )}
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page === pageCount}>
          Next
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(pageCount)} disabled={page === pageCount} aria-label="Last page">
          Last
        </Button>
      </div>
    </nav>
  );
}
