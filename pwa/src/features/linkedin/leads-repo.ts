/**
 * The only code that touches the leads cache (leads-db.ts). `refreshLeads` brings the cache up to date
 * from the server: everything the first time, then only what changed since the stored cursor (the server
 * lists leads by when they were last written). The screens read pages, counts and the export from the cache, so
 * they work the same offline.
 */
import type { LeadsPage, LeadsQuery } from '@shared/schemas/lead.schema';
import { leadState } from './lead-format';
import type { CachedLead, LeadsDatabase } from './leads-db';

export type FetchLeadsPage = (query: Partial<LeadsQuery> & { limit: number }) => Promise<LeadsPage>;

const PAGE = 1000;

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
  // A cursor of the older { since, after_id } form starts over: the full list replaces the same rows.
  let after = meta.owner === owner && typeof meta.cursor === 'string' ? meta.cursor : undefined;
  let received = 0;
  for (;;) {
    const page = await fetchPage({ ...(after ? { after } : {}), limit: PAGE });
    after = page.after;
    await db.transaction('rw', db.leads, db.meta, async () => {
      await db.leads.bulkPut(page.leads.map(toCached));
      await db.writeMeta({ owner, cursor: after, syncedAt: new Date().toISOString() });
    });
    received += page.leads.length;
    if (!page.more) return { received };
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
