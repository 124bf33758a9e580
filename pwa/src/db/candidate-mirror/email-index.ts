/**
 * The candidate mirror's live rows' uids by email key (candidate-mirror.ts): the uid itself, or a list
 * when several rows share the email (rare). A Set per email cost each of 100,000 candidates two more
 * objects for every garbage collection to mark. Keyed without V8's hash tables (string-map.ts): each
 * email would join the string table.
 */
import { StringMap } from '@shared/candidates/string-map';
import type { Candidate } from '@shared/schemas/candidate.schema';
import { emailKey } from '../database';

export class EmailIndex {
  private readonly byKey = new StringMap<string | string[]>();

  get size(): number {
    return this.byKey.size;
  }

  /** Whether a live row has this email key. No key is kept without a uid. */
  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The uids of the live rows with this email key. */
  uids(key: string): readonly string[] {
    const uids = this.byKey.get(key);
    return uids === undefined ? [] : typeof uids === 'string' ? [uids] : uids;
  }

  /** Notes `candidate`'s uid under its email key. */
  add(candidate: Candidate) {
    const key = emailKey(candidate.email);
    const uids = this.byKey.get(key);
    if (uids === undefined) this.byKey.set(key, candidate.uid);
    else if (typeof uids === 'string') {
      if (uids !== candidate.uid) this.byKey.set(key, [uids, candidate.uid]);
    } else if (!uids.includes(candidate.uid)) uids.push(candidate.uid);
  }

  /** Takes `uid` out from under `key`, and the key with its last uid. */
  remove(key: string, uid: string) {
    const uids = this.byKey.get(key);
    if (uids === uid) this.byKey.delete(key);
    else if (Array.isArray(uids)) {
      const rest = uids.filter((other) => other !== uid);
      if (rest.length === 1) this.byKey.set(key, rest[0]!);
      else this.byKey.set(key, rest);
    }
  }

  /** Room for `count` keys in all (StringMap.reserve); true when the table was rebuilt for it. */
  reserve(count: number): boolean {
    return this.byKey.reserve(count);
  }

  clear() {
    this.byKey.clear();
  }
}
