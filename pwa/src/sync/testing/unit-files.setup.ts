/**
 * Runs before each unit file (vite.config.ts, the unit project). The unit files share their workers'
 * modules (`isolate: false`), so Dexie is loaded once per worker, by whichever file comes first, and
 * keeps the IndexedDB it found then: it must always find fake-indexeddb, not only when that file
 * imported it first.
 */
import 'fake-indexeddb/auto';
// Rows without a key for a sparse index, without a DOMException each (see there).
import './fake-indexeddb-sparse-index';
