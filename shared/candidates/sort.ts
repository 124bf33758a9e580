/**
 * Candidates table sorting (spec section 2): Name, Email, Phone, Status, Applied Date. Clicking the
 * sorted column flips the direction; clicking another column sorts it ascending; the default is
 * appliedDate descending. Empty values sort last in either direction; ties fall back to the newest
 * application, then to list order, so the order never jumps between renders.
 * Names compare lower-cased with accents removed (plain comparison of precomputed keys: several times
 * faster than Intl.Collator on 100,000 rows). Statuses sort in pipeline order (new … hired, rejected).
 */
import type { CandidateView } from './candidate-view';
import { compareTimesDescending } from './candidate-view';
import { type IndexedCandidate, indexCandidates, nameSortKey, unwrap } from './candidate-index';
import { phoneDigits } from './phone';

export type SortColumn = 'name' | 'email' | 'phone' | 'status' | 'appliedDate';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  column: SortColumn;
  direction: SortDirection;
}

export const SORT_COLUMNS: ReadonlyArray<{ column: SortColumn; label: string }> = [
  { column: 'name', label: 'Name' },
  { column: 'email', label: 'Email' },
  { column: 'phone', label: 'Phone' },
  { column: 'status', label: 'Status' },
  { column: 'appliedDate', label: 'Applied Date' },
];

export const DEFAULT_SORT: SortState = Object.freeze({ column: 'appliedDate', direction: 'desc' });

/** The order in words, for a screen reader: "sorted by applied date, newest first". */
export function sortInWords({ column, direction }: SortState): string {
  const asc = direction === 'asc';
  const orders: Record<SortColumn, [string, string]> = {
    appliedDate: ['oldest first', 'newest first'],
    status: ['in pipeline order', 'in reverse pipeline order'],
    phone: ['lowest number first', 'highest number first'],
    name: ['A to Z', 'Z to A'],
    email: ['A to Z', 'Z to A'],
  };
  const order = orders[column][asc ? 0 : 1];
  const label = SORT_COLUMNS.find((entry) => entry.column === column)!.label.toLowerCase();
  return `sorted by ${label}, ${order}`;
}

/** The sort after a header click. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}

function compareText(a: string, b: string, sign: number): number {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return (a < b ? -1 : 1) * sign;
}

function compareTimes(a: number, b: number, sign: number): number {
  const aValid = Number.isFinite(a);
  const bValid = Number.isFinite(b);
  if (aValid && bValid) return (a - b) * sign;
  return compareTimesDescending(a, b);
}

function compareColumn(a: IndexedCandidate, b: IndexedCandidate, column: SortColumn, sign: number): number {
  switch (column) {
    case 'name':
      return compareText(nameSortKey(a.candidate), nameSortKey(b.candidate), sign);
    case 'email':
      return compareText(a.email, b.email, sign);
    case 'phone':
      return compareText(phoneDigits(a.phone), phoneDigits(b.phone), sign);
    case 'status':
      return (a.statusRank - b.statusRank) * sign;
    case 'appliedDate':
      return compareTimes(a.appliedAt.ms, b.appliedAt.ms, sign);
  }
}

/** A sorted copy of index entries. */
export function sortIndexedCandidates<C extends CandidateView>(
  entries: readonly IndexedCandidate<C>[],
  column: SortColumn,
  direction: SortDirection,
): IndexedCandidate<C>[] {
  const sign = direction === 'asc' ? 1 : -1;
  // Array.prototype.sort is stable: entries that tie on both keep their list order.
  return entries.slice().sort((a, b) => compareColumn(a, b, column, sign) || compareTimesDescending(a.appliedAt.ms, b.appliedAt.ms));
}

/** A sorted copy of a candidate list. */
export function sortCandidates<C extends CandidateView>(list: readonly C[], column: SortColumn, direction: SortDirection): C[] {
  return unwrap(sortIndexedCandidates(indexCandidates(list), column, direction));
}
