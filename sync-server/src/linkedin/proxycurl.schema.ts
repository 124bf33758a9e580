/**
 * Reads a Proxycurl people-search answer defensively: the provider is outside our control, so every
 * field may be missing or of the wrong type, one unreadable result is skipped rather than failing the
 * page, strings and lists are capped, and only http(s) profile URLs and https picture URLs are kept.
 */
import { z } from 'zod';
import type { LeadEducation, LeadExperience } from '@shared/schemas/lead.schema';
import type { ProviderPerson } from './provider';

const LIMITS = { short: 500, summary: 5000, experiences: 25, education: 10, contacts: 5 };

const text = z.string().nullish().catch(null);
const dateObject = z
  .object({ year: z.number().int().min(1900).max(2200).nullish().catch(null) })
  .nullish()
  .catch(null);
const list = <T extends z.ZodType>(item: T) => z.array(z.unknown()).nullish().catch(null).transform((items) => readAll(item, items ?? []));

const experienceSchema = z.object({
  title: text,
  company: text,
  location: text,
  starts_at: dateObject,
  ends_at: dateObject,
});
const educationSchema = z.object({
  school: text,
  degree_name: text,
  field_of_study: text,
  starts_at: dateObject,
  ends_at: dateObject,
});

const profileSchema = z.object({
  full_name: text,
  headline: text,
  summary: text,
  profile_pic_url: text,
  follower_count: z.number().int().min(0).nullish().catch(null),
  city: text,
  state: text,
  country: text,
  country_full_name: text,
  experiences: list(experienceSchema),
  education: list(educationSchema),
  personal_emails: list(z.string()),
  personal_numbers: list(z.string()),
});

const resultSchema = z.object({
  linkedin_profile_url: z.string(),
  profile: z.unknown().nullish(),
});

export const searchResponseSchema = z.object({
  results: z.array(z.unknown()),
  next_page: z.string().nullish(),
  total_result_count: z.number().int().min(0).nullish().catch(null),
});

function readAll<T extends z.ZodType>(schema: T, items: unknown[]): z.output<T>[] {
  const out: z.output<T>[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

function clip(value: string | null | undefined, max = LIMITS.short): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

function year(value: { year?: number | null } | null | undefined): { year: number | null } | null {
  return value?.year ? { year: value.year } : null;
}

/** The profile URL as the lead's identity: http(s), no query or fragment, no trailing slash. */
export function normaliseProfileUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  const path = url.pathname.replace(/\/+$/, '');
  const normalised = `https://${url.host.toLowerCase()}${path}`;
  return normalised.length <= 1000 ? normalised : null;
}

function httpsUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'https:' && raw.length <= 2000 ? url.toString() : null;
  } catch {
    return null;
  }
}

export function readPerson(result: unknown): ProviderPerson | null {
  const parsed = resultSchema.safeParse(result);
  if (!parsed.success) return null;
  const linkedinUrl = normaliseProfileUrl(parsed.data.linkedin_profile_url);
  if (!linkedinUrl) return null;
  const profile = profileSchema.safeParse(parsed.data.profile ?? {});
  const p = profile.success ? profile.data : profileSchema.parse({});
  const experiences: LeadExperience[] = p.experiences.slice(0, LIMITS.experiences).map((e) => ({
    title: clip(e.title),
    company: clip(e.company),
    location: clip(e.location),
    starts_at: year(e.starts_at),
    ends_at: year(e.ends_at),
  }));
  const education: LeadEducation[] = p.education.slice(0, LIMITS.education).map((e) => ({
    school: clip(e.school),
    degree_name: clip(e.degree_name),
    field_of_study: clip(e.field_of_study),
    starts_at: year(e.starts_at),
    ends_at: year(e.ends_at),
  }));
  const contacts = (values: string[]) =>
    values
      .map((v) => clip(v, 320))
      .filter((v): v is string => v !== null)
      .slice(0, LIMITS.contacts);
  return {
    linkedinUrl,
    fullName: clip(p.full_name),
    headline: clip(p.headline),
    summary: clip(p.summary, LIMITS.summary),
    profilePicUrl: httpsUrl(p.profile_pic_url),
    followerCount: p.follower_count ?? null,
    city: clip(p.city),
    region: clip(p.state),
    country: clip(p.country_full_name) ?? clip(p.country),
    experiences,
    education,
    emails: contacts(p.personal_emails),
    phones: contacts(p.personal_numbers),
  };
}
