/**
 * The device's copy of the signed-in user's saved leads, for reading (and exporting) offline. It is a
 * read-only cache of the server: leads are only ever written by the server's search jobs, so there is no
 * outbox here. It lives in its own IndexedDB database ("rephire-leads"), apart from the synced candidate
 * data, and is wiped at sign-out and whenever a different user signs in on the device.
 *
 * meta holds: owner (user id), cursor (where the next incremental fetch starts), syncedAt.
 */
import Dexie, { type Table } from 'dexie';
import type { Lead } from '@shared/schemas/lead.schema';
import type { LeadState } from './lead-format';

export interface CachedLead extends Lead {
  state: LeadState;
}

export interface LeadsMeta {
  owner?: number;
  /** The server's `after` (lead.schema.ts); a device that stored the older { since, after_id } form has an object here. */
  cursor?: unknown;
  syncedAt?: string;
}

interface MetaRow {
  key: keyof LeadsMeta;
  value: unknown;
}

export const LEADS_DB_NAME = 'rephire-leads';

export class LeadsDatabase extends Dexie {
  leads!: Table<CachedLead, string>;
  meta!: Table<MetaRow, string>;

  constructor(name = LEADS_DB_NAME) {
    super(name);
    this.version(1).stores({
      // Newest first by scraped date, id breaking ties; state answers the New/Updated badges.
      leads: 'id, [scraped_at+id], state',
      meta: 'key',
    });
  }

  async readMeta(): Promise<LeadsMeta> {
    const rows = await this.meta.toArray();
    return Object.fromEntries(rows.map((row) => [row.key, row.value])) as LeadsMeta;
  }

  async writeMeta(values: LeadsMeta): Promise<void> {
    await this.meta.bulkPut(Object.entries(values).map(([key, value]) => ({ key: key as keyof LeadsMeta, value })));
  }
}

let shared: LeadsDatabase | undefined;

/** The app's leads database (created on first use, so importing this module opens nothing). */
export function leadsDb(): LeadsDatabase {
  return (shared ??= new LeadsDatabase());
}
