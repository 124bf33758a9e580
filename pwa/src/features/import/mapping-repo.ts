/**
 * The column mappings chosen by hand in the import preview, remembered on this device for files with
 * the same headers (keyed by their header signature). They live in the device's `meta` table, so signing
 * out wipes them with the rest of the user's device data. Only the latest MAX_REMEMBERED are kept.
 */
import { sanitizeColumns, type ColumnMapping } from '@shared/import/column-mapping';
import { appDb } from '@/db/app-db';
import type { RepHireDb } from '@/db/database';
import { getMeta, setMeta } from '@/db/meta';

export const MAX_REMEMBERED_MAPPINGS = 50;

export function createImportMappingsRepo(db: RepHireDb) {
  return {
    /** [header signature, mapping] pairs, most recently chosen first. */
    async list(): Promise<Array<[string, ColumnMapping]>> {
      const stored = await getMeta(db, 'importMappings');
      return stored.map(({ signature, columns }) => [signature, columns]);
    },

    /**
     * Remembers `columns` for files whose headers have this signature; null forgets (a mapping put back to
     * what matching picks needs no remembering).
     */
    async remember(signature: string, columns: ColumnMapping | null): Promise<void> {
      await db.transaction('rw', db.meta, async () => {
        const others = (await getMeta(db, 'importMappings')).filter((entry) => entry.signature !== signature);
        const kept = columns ? [{ signature, columns: sanitizeColumns(columns, Number.MAX_SAFE_INTEGER) }, ...others] : others;
        await setMeta(db, 'importMappings', kept.slice(0, MAX_REMEMBERED_MAPPINGS));
      });
    },
  };
}

export type ImportMappingsRepo = ReturnType<typeof createImportMappingsRepo>;

export const importMappingsRepo: ImportMappingsRepo = createImportMappingsRepo(appDb);
