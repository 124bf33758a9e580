/**
 * Runs in each test worker: points DATABASE_URL at this worker's own cluster when
 * worker-clusters.global-setup.ts started them, and tells test-database.ts where the migrated PGlite
 * copy is (pglite-template.global-setup.ts).
 */
import { inject } from 'vitest';

const urls = inject('workerDatabaseUrls') ?? [];
if (urls.length > 0) process.env.DATABASE_URL = urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
const template = inject('pgliteTemplate');
if (template) process.env.TEST_PGLITE_TEMPLATE = template;
