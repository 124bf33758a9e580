import type { IndexedCandidate } from '@shared/candidates/candidate-index';
import { sortInWords } from '@shared/candidates/sort';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { useCandidatesView } from '../../candidates-view-store';
import { useNow } from '../../hooks/useNow';
import { CandidateRow } from './CandidateRow';
import { SortableHeader } from './SortableHeader';

export const NO_CANDIDATES_ROW = 'No candidates found. Add your first candidate or import from CSV.';
export const NO_MATCHES_ROW = 'No candidates match your search criteria.';

interface CandidatesTableProps {
  /** The rows of the current page only. */
  rows: readonly IndexedCandidate<Candidate>[];
  selected: ReadonlySet<string>;
  onSelect: (uid: string, range: boolean) => void;
  /** The header checkbox: every row of this page on or off. */
  onSelectPage: (on: boolean) => void;
  /** Whether the device has any candidate at all (chooses the empty text). */
  hasCandidates: boolean;
  onOpen: (uid: string) => void;
}

/**
 * The candidates table. Sortable headers are buttons with aria-sort; below 1280 px the Email and Phone
 * columns fold into the Name cell so the table fits a tablet, and the wrapper scrolls sideways if
 * anything is still too wide.
 */
export function CandidatesTable({ rows, hasCandidates, onOpen, selected, onSelect, onSelectPage }: CandidatesTableProps) {
  const sort = useCandidatesView((state) => state.sort);
  const sortBy = useCandidatesView((state) => state.sortBy);
  const now = useNow();
  const pageSelected = rows.length > 0 && rows.every((entry) => selected.has(entry.candidate.uid));
  const someSelected = !pageSelected && rows.some((entry) => selected.has(entry.candidate.uid));
  return (
    <div className="relative overflow-x-auto rounded-lg border bg-card">
      {/* Fixed layout: column widths come from the header, so a new page of rows never re-measures every cell. */}
      <table className="w-full min-w-[36rem] table-fixed text-sm" data-testid="candidates-table">
        <caption className="sr-only">Candidates, {sortInWords(sort)}</caption>
        <thead className="border-b bg-muted/50 text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-2 py-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                aria-label="Select every candidate on this page"
                checked={pageSelected}
                ref={(element) => {
                  if (element) element.indeterminate = someSelected;
                }}
                onChange={(event) => onSelectPage(event.target.checked)}
              />
            </th>
            <SortableHeader column="name" label="Name" sort={sort} onSort={sortBy} className="w-[34%] xl:w-[15%]" />
            <SortableHeader column="email" label="Email" sort={sort} onSort={sortBy} className="hidden w-[21%] xl:table-cell" />
            <SortableHeader column="phone" label="Phone" sort={sort} onSort={sortBy} className="hidden w-[19%] xl:table-cell" />
            <SortableHeader column="status" label="Status" sort={sort} onSort={sortBy} className="w-40" />
            <SortableHeader column="appliedDate" label="Applied Date" sort={sort} onSort={sortBy} />
            <th scope="col" className="w-[7.5rem] px-2 py-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length > 0 ? (
            rows.map((entry) => (
              <CandidateRow
                key={entry.candidate.uid}
                candidate={entry.candidate}
                now={now}
                onOpen={onOpen}
                selected={selected.has(entry.candidate.uid)}
                onSelect={onSelect}
              />
            ))
          ) : (
            <tr>
              <td colSpan={7} className="px-3 py-10 text-center text-muted-foreground">
                {hasCandidates ? NO_MATCHES_ROW : NO_CANDIDATES_ROW}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
