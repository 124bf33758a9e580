import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Lead, LeadsPage, LeadsQuery } from '@shared/schemas/lead.schema';
import { LeadsDatabase } from './leads-db';
import { allCachedLeads, cachedLeadsPage, clearLeadsCache, countCachedLeads, refreshLeads, type FetchLeadsPage } from './leads-repo';

let db: LeadsDatabase;
let n = 0;

function lead(scraped: string, last = scraped, overrides: Partial<Lead> = {}): Lead {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    full_name: `Lead ${n}`,
    job_title: 'Sales Representative',
    company: 'Acme',
    location: 'Austin, Texas, United States',
    linkedin_url: `https://www.linkedin.com/in/lead-${n}`,
    email: null,
    phone_number: null,
    job_title_input: 'Sales Representative',
    location_input: 'US',
    scraped_at: scraped,
    last_scraped_at: last,
    profile_pic_url: null,
    headline: null,
    summary: null,
    experience: [],
    education: [],
    follower_count: 10,
    ...overrides,
  };
}

/** A stand-in for GET /api/linkedin/sales-reps over `rows`, with the server's cursor rule. */
function server(rows: () => Lead[]) {
  const calls: Array<Partial<LeadsQuery>> = [];
  const fetchPage: FetchLeadsPage = async (query) => {
    calls.push(query);
    const sorted = [...rows()].sort((a, b) => a.last_scraped_at.localeCompare(b.last_scraped_at) || a.id.localeCompare(b.id));
    const after = query.since
      ? sorted.filter((l) => l.last_scraped_at > query.since! || (l.last_scraped_at === query.since && l.id > (query.after_id ?? '')))
      : sorted;
    const page = after.slice(0, query.limit);
    const last = page.at(-1);
    const result: LeadsPage = {
      leads: page,
      next: after.length > query.limit && last ? { since: last.last_scraped_at, after_id: last.id } : null,
      total: sorted.length,
      new_count: 0,
      updated_count: 0,
    };
    return result;
  };
  return { fetchPage, calls };
}

beforeEach(() => {
  db = new LeadsDatabase(`leads-test-${Math.random()}`);
});
afterEach(async () => {
  await db.delete();
});

describe('the leads cache', () => {
  it('fetches everything first, in pages, and keeps newest scraped first', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => lead(new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    const { fetchPage, calls } = server(() => rows);
    expect(await refreshLeads(db, fetchPage, 7)).toEqual({ received: 2500 });
    expect(calls).toHaveLength(3);
    const first = await cachedLeadsPage(db, 0, 10);
    expect(first[0]!.id).toBe(rows.at(-1)!.id);
    expect((await cachedLeadsPage(db, 2495, 10)).length).toBe(5);
    expect((await allCachedLeads(db)).length).toBe(2500);
  });

  it('then fetches only what changed since, and counts New and Updated', async () => {
    const a = lead('2026-01-01T00:00:00.000Z');
    const b = lead('2026-01-01T00:01:00.000Z');
    let rows = [a, b];
    const { fetchPage, calls } = server(() => rows);
    await refreshLeads(db, fetchPage, 7);
    expect(await countCachedLeads(db)).toEqual({ total: 2, newCount: 2, updatedCount: 0 });

    const c = lead('2026-01-02T00:00:00.000Z');
    rows = [a, { ...b, last_scraped_at: '2026-01-02T00:00:00.500Z', follower_count: 99 }, c];
    const result = await refreshLeads(db, fetchPage, 7);
    expect(calls.at(-1)!.since).toBe('2026-01-01T00:00:55.000Z');
    expect(result.received).toBe(2);
    expect(await countCachedLeads(db)).toEqual({ total: 3, newCount: 2, updatedCount: 1 });
    expect((await db.leads.get(b.id))!.follower_count).toBe(99);
  });

  it('starts over when another user signs in, and clears at sign-out', async () => {
    const { fetchPage } = server(() => [lead('2026-01-01T00:00:00.000Z')]);
    await refreshLeads(db, fetchPage, 7);
    const other = server(() => [lead('2026-02-01T00:00:00.000Z'), lead('2026-02-02T00:00:00.000Z')]);
    await refreshLeads(db, other.fetchPage, 8);
    expect(other.calls[0]!.since).toBeUndefined();
    expect((await countCachedLeads(db)).total).toBe(2);
    await clearLeadsCache(db);
    expect((await countCachedLeads(db)).total).toBe(0);
    expect(await db.readMeta()).toEqual({});
  });
});
