/**
 * Saved views of the Candidates page: a named set of filters, sort and page size, per user, synced
 * across that user's devices (savedView.save / savedView.delete). The state is read leniently: a view
 * saved by an older or newer app may lack a setting, carry one this app does not know, or hold a value
 * it does not understand — unknown keys are dropped and each unreadable setting falls back to its
 * default, so such a view still opens the page rather than break it.
 */
import { z } from 'zod';
import { DEFAULT_CANDIDATE_FILTERS, type CandidateFilters, type ExperienceFilter, type SourceFilter } from '../candidates/filters';
import type { LocationFilter } from '../candidates/location-filter';
import { DEFAULT_SORT, type SortColumn, type SortState } from '../candidates/sort';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../list/pagination';
import { CANDIDATE_STATUSES } from './candidate.schema';

export const SAVED_VIEW_NAME_MAX = 60;
/** Longest search text a view keeps (the search box's text). */
const SEARCH_MAX = 500;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const LOCATIONS = ['all', 'us', 'international'] as const satisfies readonly LocationFilter[];
const EXPERIENCES = ['sales', 'management'] as const satisfies readonly ExperienceFilter[];
const SORT_COLUMNS = ['name', 'email', 'phone', 'status', 'appliedDate'] as const satisfies readonly SortColumn[];
const sourceFilter = z.union([z.enum(['csv', 'craigslist']), z.string().regex(/^is:.{1,200}$/s)]) as z.ZodType<SourceFilter>;

/** Keeps the readable entries of a list and drops the rest. */
const readableItems = <T>(item: z.ZodType<T>, max: number) =>
  z
    .array(z.unknown())
    .max(max)
    .transform((items) => items.flatMap((value) => {
      const parsed = item.safeParse(value);
      return parsed.success ? [parsed.data] : [];
    }))
    .catch([]);

const filtersSchema = z
  .object({
    location: z.enum(LOCATIONS).catch(DEFAULT_CANDIDATE_FILTERS.location),
    status: z.enum(CANDIDATE_STATUSES).nullable().catch(null),
    search: z.string().max(SEARCH_MAX).catch(''),
    dateRange: z.object({ from: day.nullable().catch(null), to: day.nullable().catch(null) }).catch({ from: null, to: null }),
    experience: readableItems(z.enum(EXPERIENCES), EXPERIENCES.length),
    sources: readableItems(sourceFilter, 50),
  })
  .catch({ ...DEFAULT_CANDIDATE_FILTERS, experience: [], sources: [] });

export const savedViewStateSchema = z.object({
  filters: filtersSchema.default({ ...DEFAULT_CANDIDATE_FILTERS, experience: [], sources: [] }),
  sort: z
    .object({ column: z.enum(SORT_COLUMNS), direction: z.enum(['asc', 'desc']) })
    .catch({ ...DEFAULT_SORT })
    .default({ ...DEFAULT_SORT }),
  pageSize: z
    .number()
    .refine((size) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size))
    .catch(DEFAULT_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
});
export interface SavedViewState {
  filters: CandidateFilters;
  sort: SortState;
  pageSize: number;
}

/** A view's state as the page can apply it, whatever app saved it. */
export function readViewState(state: unknown): SavedViewState {
  const parsed = savedViewStateSchema.safeParse(state);
  return parsed.success ? parsed.data : savedViewStateSchema.parse({});
}

export const savedViewNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the view a name')
  .max(SAVED_VIEW_NAME_MAX, `Must be at most ${SAVED_VIEW_NAME_MAX} characters`);

/** The synced record. `defaultHlc`: when it was made the default (the newest such is the default). */
export const savedViewSchema = z.object({
  id: z.number().int().nullable(),
  uid: z.uuid(),
  userId: z.number().int().nullable(),
  name: z.string(),
  state: z.unknown(),
  defaultHlc: z.string().nullable(),
  fieldClocks: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** The default view among `views`: the live one most recently made the default; undefined for none. */
export function defaultViewOf<V extends Pick<SavedView, 'defaultHlc' | 'deletedAt'>>(views: readonly V[]): V | undefined {
  let found: V | undefined;
  for (const view of views) {
    if (view.deletedAt || !view.defaultHlc) continue;
    if (!found || view.defaultHlc > found.defaultHlc!) found = view;
  }
  return found;
}
