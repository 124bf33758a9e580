/**
 * LinkedIn sales-rep leads, the provider key and lead searches, as the /api/linkedin calls carry them.
 * Field names are the spec's (snake_case), since the spec names them so in its entity and its calls.
 */
import { z } from 'zod';
import { MAX_LEAD_COUNT, MAX_LEADS_PAGE } from '../leads/constants';

const isoDate = z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' });
const yearSchema = z.object({ year: z.number().int().nullable() }).nullable();

export const leadExperienceSchema = z.object({
  title: z.string().nullable(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  starts_at: yearSchema,
  ends_at: yearSchema,
});
export type LeadExperience = z.infer<typeof leadExperienceSchema>;

export const leadEducationSchema = z.object({
  school: z.string().nullable(),
  degree_name: z.string().nullable(),
  field_of_study: z.string().nullable(),
  starts_at: yearSchema,
  ends_at: yearSchema,
});
export type LeadEducation = z.infer<typeof leadEducationSchema>;

export const leadSchema = z.object({
  id: z.string(),
  full_name: z.string().nullable(),
  job_title: z.string().nullable(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  linkedin_url: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  job_title_input: z.string(),
  location_input: z.string(),
  scraped_at: isoDate,
  last_scraped_at: isoDate,
  profile_pic_url: z.string().nullable(),
  headline: z.string().nullable(),
  summary: z.string().nullable(),
  // The spec allows a JSON string or an array; the server always answers arrays (see lead.service.ts).
  experience: z.array(leadExperienceSchema),
  education: z.array(leadEducationSchema),
  follower_count: z.number().int().nullable(),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * GET /api/linkedin/sales-reps pages through the user's leads in the order they were last written, so a
 * device can fetch them all once and then only what changed since. `after` is the server's opaque
 * cursor: the position of the last lead a page held and, while `more`, the bound of the pass it belongs
 * to. A device passes back the `after` of the last page it stored, on the next page and on its next
 * refresh alike; without one the list starts from the beginning.
 */
export const LEADS_CURSOR_PATTERN = /^\d{1,20}:[0-9a-f-]{36}(?::\d{1,20})?$/;
export const leadsQuerySchema = z.object({
  after: z.string().regex(LEADS_CURSOR_PATTERN, 'The leads cursor is malformed').optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LEADS_PAGE).default(500),
});
export type LeadsQuery = z.infer<typeof leadsQuerySchema>;

export const leadsPageSchema = z.object({
  leads: z.array(leadSchema),
  /** Where to go on from: the rest of this pass while `more`, else what changes from now on. */
  after: z.string(),
  /** Whether this pass has more pages. */
  more: z.boolean(),
  total: z.number().int(),
  new_count: z.number().int(),
  updated_count: z.number().int(),
});
export type LeadsPage = z.infer<typeof leadsPageSchema>;

export const providerKeyStatusSchema = z.object({ hasKey: z.boolean() });

/** The key is checked in the handler, so a missing or empty one answers with the spec's `error` field. */
export const saveProviderKeySchema = z.object({ api_key: z.string().max(1000, 'The API key is too long').optional() });
export const saveProviderKeyResponseSchema = z.object({ hasKey: z.literal(true), message: z.string() });

export const leadSearchRequestSchema = z.object({
  job_title: z
    .string({ message: 'Job Title is required' })
    .trim()
    .min(1, 'Job Title is required')
    .max(200, 'Job Title must be at most 200 characters'),
  location: z
    .string({ message: 'Location is required' })
    .trim()
    .min(1, 'Location is required')
    .max(200, 'Location must be at most 200 characters'),
  count: z.coerce
    .number({ message: 'Number of Leads must be a number' })
    .int('Number of Leads must be a whole number')
    .min(1, 'Number of Leads must be at least 1')
    .max(MAX_LEAD_COUNT, 'Number of Leads must be at most 200,000'),
});
export type LeadSearchRequest = z.infer<typeof leadSearchRequestSchema>;

export const LEAD_SEARCH_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type LeadSearchStatus = (typeof LEAD_SEARCH_STATUSES)[number];
export const ACTIVE_LEAD_SEARCH_STATUSES: readonly LeadSearchStatus[] = ['queued', 'running'];

export const leadSearchErrorSchema = z.object({
  /** api_key: the provider refused the key (the screen opens the key dialog). */
  code: z.string(),
  message: z.string(),
  detail: z.string().nullable(),
  action: z.string().nullable(),
});

export const leadSearchJobSchema = z.object({
  id: z.string(),
  status: z.enum(LEAD_SEARCH_STATUSES),
  job_title: z.string(),
  location: z.string(),
  requested_count: z.number().int(),
  /** Leads received and saved so far (new + updated). */
  processed_count: z.number().int(),
  new_count: z.number().int(),
  updated_count: z.number().int(),
  /** How many the provider says match, when it says. */
  total_available: z.number().int().nullable(),
  cancel_requested: z.boolean(),
  error: leadSearchErrorSchema.nullable(),
  created_at: isoDate,
  started_at: isoDate.nullable(),
  finished_at: isoDate.nullable(),
  updated_at: isoDate,
});
export type LeadSearchJob = z.infer<typeof leadSearchJobSchema>;

/** The spec's fields (detail, message, total_saved) plus the job they started. */
export const leadSearchStartedSchema = z.object({
  message: z.string(),
  detail: z.string(),
  total_saved: z.number().int(),
  job: leadSearchJobSchema,
});

export const currentLeadSearchSchema = z.object({
  job: leadSearchJobSchema.nullable(),
  total_saved: z.number().int(),
});
