/**
 * Lookups on the candidates' emailKey index: which emails the device holds, and the rows that hold
 * them. Inside a transaction they send one request per key at once (perEmailKey), past Dexie.
 */
import Dexie from 'dexie';
import type { LocalCandidate, RepHireDb } from './database';
import { fromStoredCandidate } from './stored-candidate';

/**
 * One request per key on the candidates' emailKey index, all sent at once in the current transaction
 * and answered in order (each answer at its key's position) — Dexie's anyOf walks a cursor, which
 * waits a round trip for each key (2,000 keys: about a second here).
 */
function perEmailKey<T>(keys: readonly string[], ask: (index: IDBIndex, key: string) => IDBRequest<T>): Promise<T[]> {
  if (!keys.length) return Dexie.Promise.resolve([]);
  const index = Dexie.currentTransaction!.idbtrans.objectStore('candidates').index('emailKey');
  return new Dexie.Promise<T[]>((resolve, reject) => {
    const answers: T[] = new Array(keys.length);
    let answered = 0;
    keys.forEach((key, i) => {
      const request = ask(index, key);
      request.onsuccess = () => {
        answers[i] = request.result;
        if (++answered === keys.length) resolve(answers);
      };
      request.onerror = () => reject(request.error);
    });
  });
}

/** Which of `keys` the candidates' emailKey index holds (in a transaction: see perEmailKey). */
export function indexedEmailKeys(db: RepHireDb, keys: readonly string[]): Promise<Set<string>> {
  if (!Dexie.currentTransaction) return db.candidates.where('emailKey').anyOf([...keys]).keys().then((found) => new Set(found as string[]));
  return perEmailKey(keys, (index, key) => index.getKey(key)).then((answers) => new Set(keys.filter((_, i) => answers[i] !== undefined)));
}

/** The stored candidates, deleted ones too, whose emailKey is one of `keys` (in a transaction: see perEmailKey). */
export function candidatesWithEmailKeys(db: RepHireDb, keys: readonly string[]): Promise<LocalCandidate[]> {
  if (!Dexie.currentTransaction) return db.candidates.where('emailKey').anyOf([...keys]).toArray();
  // Read past Dexie, so past the table's stored form too (stored-candidate.ts).
  return perEmailKey(keys, (index, key) => index.getAll(key)).then((answers) => answers.flat().map((stored) => fromStoredCandidate(stored) as LocalCandidate));
}
