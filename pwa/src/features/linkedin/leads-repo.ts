/**
 * The only code that touches the leads cache (leads-db.ts). `refreshLeads` brings the cache up to date
 * from the server: everything the first time, then only what changed since the stored cursor (leads are
 * listed by when they last changed). The screens read pages, counts and the export from the cache, so
 * they work the same offline.
 */
import type { LeadsPage, LeadsQuery } from '@shared/schemas/lead.schema';
import { leadState } from './lead-format';
import type { CachedLead, LeadsDatabase } from './leads-db';

export type FetchLeadsPage = (query: Partial<LeadsQuery> & { limit: number }) => Promise<LeadsPage>;

/** Refetched on every refresh, in case a write landed just behind the cursor. */
const OVERLAP_MS = 5000;
const PAGE = 1000;
const ZERO_ID = '00000000-0000-0000-0000-000000000000';

export interface RefreshResult {
  received: number;
}

function toCached(lead: LeadsPage['leads'][number]): CachedLead {
  return { ...lead, state: leadState(lead) };
}

export async function refreshLeads(db: LeadsDatabase, fetchPage: FetchLeadsPage, owner: number): Promise<RefreshResult> {
  const meta = await db.readMeta();
  if (meta.owner !== owner) {
    await db.transaction('rw', db.leads, db.meta, async () => {
      await db.leads.clear();
      await db.meta.clear();
      await db.writeMeta({ owner });
    });
  }
  let cursor = meta.owner === owner ? meta.cursor : undefined;
  let query: Partial<LeadsQuery> = cursor
    ? { since: new Date(Date.parse(cursor.since) - OVERLAP_MS).toISOString(), after_id: ZERO_ID }
    : {};
  let received = 0;
  for (;;) {
    const page = await fetchPage({ ...query, limit: PAGE });
    const last = page.leads.at(-1);
    if (last) cursor = { since: last.last_scraped_at, after_id: last.id };
    await db.transaction('rw', db.leads, db.meta, async () => {
      await db.leads.bulkPut(page.leads.map(toCached));
      await db.writeMeta({ owner, cursor, syncedAt: new Date().toISOString() });
    });
    received += page.leads.length;
    if (!page.next) return { received };
    query = { since: page.next.since, after_id: page.next.after_id };
  }
}

export interface LeadCounts {
  total: number;
  newCount: number;
  updatedCount: number;
}

export async function countCachedLeads(db: LeadsDatabase): Promise<LeadCounts> {
  const [total, newCount] = await Promise.all([db.leads.count(), db.leads.where('state').equals('new').count()]);
  return { total, newCount, updatedCount: total - newCount };
}

/** One page of the saved leads, newest scraped first. */
export function cachedLeadsPage(db: LeadsDatabase, offset: number, limit: number): Promise<CachedLead[]> {
  return db.leads.orderBy('[scraped_at+id]').reverse().offset(offset).limit(limit).toArray();
}

export function allCachedLeads(db: LeadsDatabase): Promise<CachedLead[]> {
  return db.leads.orderBy('[scraped_at+id]').reverse().toArray();
}

export async function clearLeadsCache(db: LeadsDatabase): Promise<void> {
  await db.transaction('rw', db.leads, db.meta, async () => {
    await db.leads.clear();
    await db.meta.clear();
  });
}
