/** Export to CSV: the device's saved leads, built here (spec: client-side only) and downloaded. */
import { toast } from '@/ui/toast/toast-queue';
import { downloadBlob } from '@/ui/download';
import { leadCsvFileName, leadsToCsv } from '@shared/leads/csv-export';
import { leadsDb } from './leads-db';
import { allCachedLeads } from './leads-repo';

/** Exports `owner`'s leads; a cache still holding someone else's counts as empty. */
export async function exportLeadsToCsv(owner: number | undefined): Promise<void> {
  const db = leadsDb();
  const ownsCache = owner !== undefined && (await db.readMeta()).owner === owner;
  const leads = ownsCache ? await allCachedLeads(db) : [];
  if (leads.length === 0) {
    toast({ title: 'No data to export', description: 'There are no LinkedIn leads to export', variant: 'destructive' });
    return;
  }
  downloadBlob(new Blob([leadsToCsv(leads)], { type: 'text/csv;charset=utf-8' }), leadCsvFileName());
}
