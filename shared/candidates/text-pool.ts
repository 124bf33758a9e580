/**
 * One copy of each repeated text. Rows read from IndexedDB, from a pull or from the spreadsheet worker
 * each bring their own copy of every string, so candidates held in memory (the candidate mirror and its
 * index entries) carried a copy of "Irvine, CA", "Referral", "new" and of their import's timestamps
 * each: a heap snapshot of 20,000 imported candidates held 19 strings per candidate, every one an object
 * for each garbage collection to mark.
 *
 * TextPool, for fields with few distinct values (status, source, location, skills, experience): the
 * first copy of each text is handed back for every later one. It keeps at most `capacity` texts and,
 * once full, passes new ones through unpooled, so a field that turns out to be free text costs a
 * bounded map and nothing else.
 * RecentText, for timestamps: rows written together share them and arrive together, and otherwise
 * every edit makes a new one, so only the last text seen is kept.
 */
import { StringMap } from './string-map';

export class TextPool {
  /**
   * A StringMap, not a Map: each text looked up in a Map would be internalized (string-map.ts), and the
   * texts looked up are every row's, 100,000 of them for one field of an import.
   */
  private readonly texts = new StringMap<string>();

  constructor(private readonly capacity = 10_000) {}

  share<T extends string | null>(text: T): T {
    if (text === null) return text;
    const known = this.texts.get(text);
    if (known !== undefined) return known as T;
    if (this.texts.size < this.capacity) this.texts.set(text, text);
    return text;
  }

  get size(): number {
    return this.texts.size;
  }
}

export class RecentText {
  private last: string | null = null;

  share<T extends string | null>(text: T): T {
    if (text === null) return text;
    if (text === this.last) return this.last as T;
    this.last = text;
    return text;
  }
}
