/**
 * Saved leads. A lead is one profile per user (unique user_id + linkedin_url). The first sighting sets
 * scraped_at and last_scraped_at to the same instant ("New"); every later sighting moves
 * last_scraped_at on ("Updated") and refreshes the profile, keeping contact details the provider no
 * longer sends. Times are stored to the millisecond, so the ISO strings the API sends compare exactly
 * (the New/Updated rule depends on it).
 */
import type { Knex } from 'knex';
import type { Lead, LeadsPage, LeadsQuery } from '@shared/schemas/lead.schema';
import type { ProviderPerson } from './provider';

const TABLE = 'linkedin_sales_reps';

export interface LeadInputs {
  jobTitleInput: string;
  locationInput: string;
}

interface LeadRow {
  id: string;
  fullName: string | null;
  jobTitle: string | null;
  company: string | null;
  location: string | null;
  linkedinUrl: string;
  email: string | null;
  phoneNumber: string | null;
  jobTitleInput: string;
  locationInput: string;
  scrapedAt: Date;
  lastScrapedAt: Date;
  profilePicUrl: string | null;
  headline: string | null;
  summary: string | null;
  experience: unknown;
  education: unknown;
  followerCount: number | null;
}

/** The current position: the first experience without an end, else the most recent one. */
function currentRole(person: ProviderPerson) {
  return person.experiences.find((e) => !e.ends_at) ?? person.experiences[0];
}

export function personToLead(person: ProviderPerson, userId: number, inputs: LeadInputs) {
  const role = currentRole(person);
  const location = [person.city, person.region, person.country].filter(Boolean).join(', ');
  return {
    userId,
    linkedinUrl: person.linkedinUrl,
    fullName: person.fullName,
    jobTitle: role?.title ?? person.headline,
    company: role?.company ?? null,
    location: location || null,
    email: person.emails[0] ?? null,
    phoneNumber: person.phones[0] ?? null,
    jobTitleInput: inputs.jobTitleInput,
    locationInput: inputs.locationInput,
    profilePicUrl: person.profilePicUrl,
    headline: person.headline,
    summary: person.summary,
    experience: JSON.stringify(person.experiences),
    education: JSON.stringify(person.education),
    followerCount: person.followerCount,
  };
}

export interface UpsertResult {
  inserted: number;
  updated: number;
}

export async function upsertLeads(trx: Knex, userId: number, inputs: LeadInputs, people: ProviderPerson[]): Promise<UpsertResult> {
  // One statement may not touch a row twice: keep the last sighting of a profile within the batch.
  const byUrl = new Map(people.map((p) => [p.linkedinUrl, p]));
  if (byUrl.size === 0) return { inserted: 0, updated: 0 };
  const now = trx.raw("date_trunc('milliseconds', now())");
  const rows = [...byUrl.values()].map((person) => ({
    id: trx.raw('gen_random_uuid()'),
    ...personToLead(person, userId, inputs),
    scrapedAt: now,
    lastScrapedAt: now,
  }));
  const keep = (column: string) => trx.raw(`coalesce(excluded.${column}, ${TABLE}.${column})`);
  const result = (await trx(TABLE)
    .insert(rows)
    .onConflict(['user_id', 'linkedin_url'])
    .merge({
      fullName: keep('full_name'),
      jobTitle: trx.raw('excluded.job_title'),
      company: trx.raw('excluded.company'),
      location: keep('location'),
      email: keep('email'),
      phoneNumber: keep('phone_number'),
      jobTitleInput: trx.raw('excluded.job_title_input'),
      locationInput: trx.raw('excluded.location_input'),
      profilePicUrl: keep('profile_pic_url'),
      headline: keep('headline'),
      summary: keep('summary'),
      experience: trx.raw('excluded.experience'),
      education: trx.raw('excluded.education'),
      followerCount: keep('follower_count'),
      // Later than the first sighting even within the same millisecond, so the lead reads "Updated".
      lastScrapedAt: trx.raw(`greatest(date_trunc('milliseconds', now()), ${TABLE}.scraped_at + interval '1 millisecond')`),
    })
    .returning(trx.raw('(xmax = 0) AS inserted'))) as Array<{ inserted: boolean }>;
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: result.length - inserted };
}

export function toLeadDto(row: LeadRow): Lead {
  const list = (value: unknown) => (Array.isArray(value) ? value : typeof value === 'string' ? JSON.parse(value) : []);
  return {
    id: row.id,
    full_name: row.fullName,
    job_title: row.jobTitle,
    company: row.company,
    location: row.location,
    linkedin_url: row.linkedinUrl,
    email: row.email,
    phone_number: row.phoneNumber,
    job_title_input: row.jobTitleInput,
    location_input: row.locationInput,
    scraped_at: new Date(row.scrapedAt).toISOString(),
    last_scraped_at: new Date(row.lastScrapedAt).toISOString(),
    profile_pic_url: row.profilePicUrl,
    headline: row.headline,
    summary: row.summary,
    experience: list(row.experience),
    education: list(row.education),
    follower_count: row.followerCount,
  };
}

export interface LeadCounts {
  total: number;
  newCount: number;
  updatedCount: number;
}

export async function countLeads(db: Knex, userId: number): Promise<LeadCounts> {
  const row = (await db(TABLE)
    .where({ userId })
    .first(db.raw('count(*)::int AS total'), db.raw('(count(*) FILTER (WHERE scraped_at = last_scraped_at))::int AS new_count'))) as {
    total: number;
    newCount: number;
  };
  return { total: Number(row.total), newCount: Number(row.newCount), updatedCount: Number(row.total) - Number(row.newCount) };
}

const START_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A page of the user's leads in the order they were last written: by (xid, id), the transaction that
 * last wrote each row (the sync pull's rule, sync/pull.service.ts), only below the horizon, the xmin of
 * the snapshot the pass began with. Every transaction below it has ended, so no lead can later appear
 * behind a position already handed out; a lead re-scraped during the pass moves above the horizon and
 * comes once, on the next refresh, at its new place. A cursor from ahead of this database (restored
 * from a backup) starts over.
 */
export async function listLeads(db: Knex, userId: number, query: LeadsQuery): Promise<LeadsPage> {
  const [xid, id, horizon] = query.after ? query.after.split(':') : ['0', START_ID, undefined];
  const { rows: snapshot } = await db.raw(
    `SELECT pg_snapshot_xmin(s)::text AS xmin, (greatest(?::xid8, coalesce(?::xid8, '0'::xid8)) > pg_snapshot_xmax(s)) AS ahead
       FROM pg_current_snapshot() AS s`,
    [xid, horizon ?? null],
  );
  const ahead = snapshot[0].ahead === true;
  const from = ahead ? { xid: '0', id: START_ID } : { xid: xid!, id: id! };
  const bound = (!ahead && horizon) || (snapshot[0].xmin as string);
  const rows = (await db(TABLE)
    .where({ userId })
    .whereRaw('(xid, id) > (?::xid8, ?::uuid) AND xid < ?::xid8', [from.xid, from.id, bound])
    .orderBy([{ column: 'xid' }, { column: 'id' }])
    .select(`${TABLE}.*`, db.raw('xid::text AS xid_text'))
    .limit(query.limit + 1)) as Array<LeadRow & { xidText: string }>;
  const more = rows.length > query.limit;
  const kept = rows.slice(0, query.limit);
  const last = kept.at(-1);
  const position = last ? `${last.xidText}:${last.id}` : `${from.xid}:${from.id}`;
  const counts = await countLeads(db, userId);
  return {
    leads: kept.map(toLeadDto),
    after: more ? `${position}:${bound}` : position,
    more,
    total: counts.total,
    new_count: counts.newCount,
    updated_count: counts.updatedCount,
  };
}
