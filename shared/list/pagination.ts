/**
 * Paging for tables: the Candidates Management footer ('Showing a to b of n results', sizes 10/25/50/100,
 * numbered pages with ellipses) and the saved-leads table use the same functions. Pages are 1-based.
 */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface Page<T> {
  items: T[];
  /** The page shown, clamped into 1…pageCount. */
  page: number;
  pageSize: number;
  /** At least 1, so an empty list still has a (blank) first page. */
  pageCount: number;
  total: number;
  /** 1-based position of the first item shown; 0 when there are none. */
  from: number;
  /** 1-based position of the last item shown; 0 when there are none. */
  to: number;
}

export function pageCountFor(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function paginate<T>(list: readonly T[], page: number, pageSize: number = DEFAULT_PAGE_SIZE): Page<T> {
  const size = Number.isFinite(pageSize) && pageSize >= 1 ? Math.floor(pageSize) : DEFAULT_PAGE_SIZE;
  const total = list.length;
  const pageCount = pageCountFor(total, size);
  const current = Math.min(Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1), pageCount);
  const start = (current - 1) * size;
  const items = list.slice(start, start + size);
  return {
    items,
    page: current,
    pageSize: size,
    pageCount,
    total,
    from: items.length ? start + 1 : 0,
    to: start + items.length,
  };
}

/** 'Showing 26 to 50 of 120 results'. */
export function showingResultsText(page: Pick<Page<unknown>, 'from' | 'to' | 'total'>): string {
  return `Showing ${page.from} to ${page.to} of ${page.total} results`;
}

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The numbered buttons: the first and last page, the current page and its neighbours, and an ellipsis
 * for each gap. A gap of a single page shows that page instead (1 2 3 4 rather than 1 … 3 4). The two
 * ellipses are distinct values so they can serve as React keys.
 */
export function pageNumbers(current: number, total: number, neighbours = 1): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const wanted = new Set<number>([1, total]);
  for (let p = page - neighbours; p <= page + neighbours; p += 1) if (p >= 1 && p <= total) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(previous + 1);
    else if (p - previous > 2) items.push(p <= page ? 'ellipsis-start' : 'ellipsis-end');
    items.push(p);
    previous = p;
  }
  return items;
}
