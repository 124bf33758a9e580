import { Input } from '@/ui/Input';
import { CloseIcon, SearchIcon } from '@/ui/icons';

export const SIMPLE_SEARCH_PLACEHOLDER = 'Search candidates by name, email, phone, or any other information...';

/** The simple search box and, while there is a query, a chip showing it with a clear button. */
export function SimpleSearchBox({ query, onChange }: { query: string; onChange: (query: string) => void }) {
  const trimmed = query.trim();
  return (
    <div className="grid gap-2">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          value={query}
          onChange={(event) => onChange(event.target.value)}
          placeholder={SIMPLE_SEARCH_PLACEHOLDER}
          aria-label="Search candidates"
          className="pl-9"
        />
      </div>
      {trimmed && (
        <div>
          <span className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-3 text-sm text-secondary-foreground">
            Search: "{trimmed}"
            <button type="button" onClick={() => onChange('')} aria-label="Clear search" className="rounded-full p-0.5 hover:bg-background/60">
              <CloseIcon className="size-3.5" />
            </button>
          </span>
        </div>
      )}
    </div>
  );
}
