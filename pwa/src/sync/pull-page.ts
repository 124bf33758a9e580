/**
 * A pull page's JSON checked against the protocol's schema a slice of rows per task. One page holds up
 * to 10,000 confirmations or PULL_PAGE_SIZE whole rows, and the check ran in the task that read the
 * page's end and parsed its JSON: on a slow machine the sync after an xlsx import (pulling another device's
 * 100,000 candidates) had a task of 198 ms of CPU posted by the fetch body loader, which is where that
 * runs (bench:import's trace, 28 November 2026; not profiled).
 * The answer is the one `readPullPage(pullResponseSchema.parse(…))` gives: the same schema checks each
 * slice of a row list and then the page around them, and a page that fails it is refused the same way.
 */
import { pullResponseSchema, readPullPage, type PullPage, type PullResponse } from '@shared/sync/protocol.schema';
import { yieldToMain } from '@/lib/yield-to-main';

/** The page's lists of rows, each checked a slice at a time when long. */
const ROW_LISTS = ['candidates', 'confirmed', 'experiences', 'interviewNotes', 'savedViews', 'scheduledInterviews', 'erased'] as const;
type RowList = (typeof ROW_LISTS)[number];

/** Rows checked per task: 500 whole candidates took about 35 ms on that machine. */
export const PARSE_SLICE_ROWS = 500;

/** A page checked in one go, as the device reads it. */
const checkedWhole = (json: unknown): PullResponse => readPullPage(pullResponseSchema.parse(json));

export async function parsePullPage(json: unknown, sliceRows = PARSE_SLICE_ROWS, pause: () => Promise<void> = yieldToMain): Promise<PullResponse> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return checkedWhole(json);
  const page = json as Record<string, unknown>;
  const long = ROW_LISTS.filter((list) => Array.isArray(page[list]) && (page[list] as unknown[]).length > sliceRows);
  if (!long.length) return checkedWhole(json);
  const checked: Partial<Record<RowList, unknown[]>> = {};
  for (const list of long) {
    const rows = page[list] as unknown[];
    const schema = pullResponseSchema.shape[list];
    const parsed: unknown[] = [];
    for (let from = 0; from < rows.length; from += sliceRows) {
      // The turn comes first: the page's JSON was parsed in the task before.
      await pause();
      for (const row of schema.parse(rows.slice(from, from + sliceRows))) parsed.push(row);
    }
    checked[list] = parsed;
  }
  // The rest of the page, with the long lists as checked: each field of the schema is checked apart.
  const rest = pullResponseSchema.parse({ ...page, ...Object.fromEntries(long.map((list) => [list, []])) });
  return readPullPage({ ...rest, ...checked } as PullPage);
}
