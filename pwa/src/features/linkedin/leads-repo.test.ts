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

/**
 * A stand-in for GET /api/linkedin/sales-reps over `rows`, each with the number of the transaction that
 * last wrote it: the server's order (xid, id) and its `after` cursor (the pass's horizon left out, as
 * nothing writes during a call here).
 */
function server(rows: () => Array<[xid: number, lead: Lead]>) {
  const calls: Array<Partial<LeadsQuery>> = [];
  const position = ([xid, lead]: [number, Lead]) => `${String(xid).padStart(20, '0')}:${lead.id}`;
  const fetchPage: FetchLeadsPage = async (query) => {
    calls.push(query);
    const sorted = [...rows()].sort((a, b) => position(a).localeCompare(position(b)));
    const from = query.after ? `${query.after.split(':')[0]!.padStart(20, '0')}:${query.after.split(':')[1]}` : '';
    const after = sorted.filter((row) => position(row) > from);
    const page = after.slice(0, query.limit);
    const last = page.at(-1);
    const result: LeadsPage = {
      leads: page.map(([, lead]) => lead),
      after: last ? `${last[0]}:${last[1].id}` : (query.after ?? `0:${ZERO_ID}`),
      more: after.length > query.limit,
      total: sorted.length,
      new_count: 0,
      updated_count: 0,
    };
    return result;
  };
  return { fetchPage, calls };
}

const ZERO_ID = '00000000-0000-0000-0000-000000000000';
/** Rows written one transaction each, in this order. */
const written = (leads: Lead[], firstXid = 1) => leads.map((lead, i): [number, Lead] => [firstXid + i, lead]);

beforeEach(() => {
  db = new LeadsDatabase(`leads-test-${Math.random()}`);
});
afterEach(async () => {
  await db.delete();
});

describe('the leads cache', () => {
  it('fetches everything first, in pages, and keeps newest scraped first', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => lead(new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    const { fetchPage, calls } = server(() => written(rows));
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
    let rows = written([a, b]);
    const { fetchPage, calls } = server(() => rows);
    await refreshLeads(db, fetchPage, 7);
    expect(await countCachedLeads(db)).toEqual({ total: 2, newCount: 2, updatedCount: 0 });

    const c = lead('2026-01-02T00:00:00.000Z');
    rows = [rows[0]!, ...written([{ ...b, last_scraped_at: '2026-01-02T00:00:00.500Z', follower_count: 99 }, c], 3)];
    const result = await refreshLeads(db, fetchPage, 7);
    expect(calls.at(-1)!.after).toBe(`2:${b.id}`);
    expect(result.received).toBe(2);
    expect(await countCachedLeads(db)).toEqual({ total: 3, newCount: 2, updatedCount: 1 });
    expect((await db.leads.get(b.id))!.follower_count).toBe(99);
  });

  it('starts over when another user signs in, and clears at sign-out', async () => {
    const { fetchPage } = server(() => written([lead('2026-01-01T00:00:00.000Z')]));
    await refreshLeads(db, fetchPage, 7);
    const other = server(() => written([lead('2026-02-01T00:00:00.000Z'), lead('2026-02-02T00:00:00.000Z')]));
    await refreshLeads(db, other.fetchPage, 8);
    expect(other.calls[0]!.after).toBeUndefined();
    expect((await countCachedLeads(db)).total).toBe(2);
    await clearLeadsCache(db);
    expect((await countCachedLeads(db)).total).toBe(0);
    expect(await db.readMeta()).toEqual({});
  });

  it('starts over from a cursor of the older { since, after_id } form', async () => {
    const a = lead('2026-01-01T00:00:00.000Z');
    await db.writeMeta({ owner: 7, cursor: { since: '2026-01-01T00:00:00.000Z', after_id: a.id } });
    const { fetchPage, calls } = server(() => written([a]));
    expect(await refreshLeads(db, fetchPage, 7)).toEqual({ received: 1 });
    expect(calls[0]!.after).toBeUndefined();
    expect((await db.readMeta()).cursor).toBe(`1:${a.id}`);
  });
});
