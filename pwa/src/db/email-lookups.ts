/**
 * Lookups on the candidates' emailKey index, keys only: which emails the device holds, and the uids of
 * the rows that hold them. Inside a transaction they send one request per key at once (perEmailKey),
 * below Dexie's collections.
 */
import Dexie, { type DBCoreTransaction } from 'dexie';
import { StringSet } from '@shared/candidates/string-map';
import type { RepHireDb } from './database';

/**
 * Requests perEmailKey sends in one task. 10,000 sent at once (a pulled page's emails) were a task of
 * 150 ms and more. An import's lookups (a mutation's rows: MAX_IMPORT_ROWS_PER_MUTATION) go at once, as
 * they did: sent 500 at a time, each lookup waited once more behind the writes queued before it, and
 * the import took a tenth more CPU against its baseline (bench:import, 28 November 2026).
 */
const KEYS_PER_TASK = 2000;
/**
 * The same for a pulled page's emails (PULL_PAGE_SIZE of them), which nothing waits behind:
 * sending 2,000 requests (then for whole rows) was a task of 85–114 ms of CPU, 200–280 ms of wall time on two cores
 * shared with the server (the CPU profile of bench:import's XLSX sync, pulling another device's
 * 100,000 candidates, 29 November 2026).
 */
export const PULLED_KEYS_PER_TASK = 500;

/**
 * One query per key on the candidates' emailKey index, in the current transaction, answered in order
 * (each answer at its key's position) — Dexie's anyOf walks a cursor, which waits a round trip for each
 * key (2,000 keys: about a second here). Sent KEYS_PER_TASK at a time, the next ones once those are
 * answered, so the page has its turns between them. Asked of the table's DBCore, below Dexie's
 * collections (so rows are found wherever they are kept: candidate-blocks.ts): each key is answered
 * with the uids holding it.
 */
function perEmailKey(db: RepHireDb, keys: readonly string[], keysPerTask = KEYS_PER_TASK): Promise<string[][]> {
  if (!keys.length) return Dexie.Promise.resolve([]);
  const trans = Dexie.currentTransaction!.idbtrans as unknown as DBCoreTransaction;
  const table = db.candidates.core;
  const index = table.schema.getIndexByKeyPath('emailKey')!;
  const answers: string[][] = new Array(keys.length);
  const send = (from: number): Promise<string[][]> => {
    const to = Math.min(keys.length, from + keysPerTask);
    const asked: Array<Promise<void>> = [];
    for (let i = from; i < to; i += 1) {
      const key = keys[i]!;
      asked.push(table.query({ trans, values: false, query: { index, range: { type: 1, lower: key, upper: key } } }).then(({ result }) => void (answers[i] = result as string[])));
    }
    return Dexie.Promise.all(asked).then(() => (to === keys.length ? answers : send(to)));
  };
  return send(0);
}

/**
 * Which of `keys` the candidates' emailKey index holds, in their order (in a transaction: see
 * perEmailKey). No Set of them: an import's keys are the emails its candidates keep (string-map.ts).
 */
export function indexedEmailKeys(db: RepHireDb, keys: readonly string[]): Promise<string[]> {
  if (!Dexie.currentTransaction) {
    return db.candidates
      .where('emailKey')
      .anyOf([...keys])
      .keys()
      .then((found) => {
        const held = new StringSet(found as string[]);
        return keys.filter((key) => held.has(key));
      });
  }
  return perEmailKey(db, keys).then((answers) => keys.filter((_, i) => answers[i]!.length > 0));
}

/**
 * The uids of the stored candidates, deleted ones too, whose emailKey is one of `keys`: keys only, no
 * row is read (in a transaction: see perEmailKey, which sends `keysPerTask` requests per task).
 */
export function uidsWithEmailKeys(db: RepHireDb, keys: readonly string[], keysPerTask = KEYS_PER_TASK): Promise<string[]> {
  if (!Dexie.currentTransaction) return db.candidates.where('emailKey').anyOf([...keys]).primaryKeys();
  return perEmailKey(db, keys, keysPerTask).then((answers) => answers.flat());
}
