/** The lead screens' constants (spec section 9). */

export const LEAD_COUNT_OPTIONS = [5, 10, 50, 100, 500, 1000, 5000, 10000, 200_000] as const;
export const DEFAULT_LEAD_COUNT = 10;
/** The most leads one search may ask for ("Maximum 200,000"). */
export const MAX_LEAD_COUNT = 200_000;

export const DEFAULT_LEAD_JOB_TITLE = 'Sales Representative';
export const DEFAULT_LEAD_LOCATION = 'US';

export const LEAD_PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_LEAD_PAGE_SIZE = 10;

export const LEAD_EXPERIENCE_SHOWN = 3;
export const LEAD_EDUCATION_SHOWN = 2;

/** Delay of the second lead toast and of the automatic search after a key save. */
export const LEAD_FOLLOW_UP_DELAY_MS = 500;

/** Most leads one call of GET /api/linkedin/sales-reps returns. */
export const MAX_LEADS_PAGE = 2000;
