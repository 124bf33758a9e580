/**
 * fake-indexeddb (6.2.8) combines a cursor's bounds with the wrong comparison — it keeps the lowest
 * lower bound and the highest upper one — so each step of a cursor, and each continue(key) (Dexie's
 * anyOf() makes one per key), walks again from the start of the cursor's range: a scan where real
 * IndexedDB seeks. With tens of thousands of rows on each simulated device, that made the devices of
 * the soak and the server fault tests, not the server, the bottleneck (an anyOf() over a page of emails took
 * seconds). This narrows the range to where the cursor stands before each step; what it finds is
 * unchanged. If the library's internals change, the patch steps aside.
 */
import 'fake-indexeddb/auto';
import { IDBCursor as FDBCursor, IDBKeyRange as FDBKeyRange } from 'fake-indexeddb';

type Key = IDBValidKey;

interface CursorInternals {
  _range: IDBKeyRange | undefined;
  _position: Key | undefined;
  direction: IDBCursorDirection;
  _iterate(key?: Key, primaryKey?: Key): unknown;
}

const cmp = (a: Key, b: Key) => indexedDB.cmp(a, b);
const proto = FDBCursor.prototype as unknown as CursorInternals & { __seekPatched?: boolean };

/** The cursor's range, starting (or, going backwards, ending) at `from` when that is further in. */
function narrowed(range: IDBKeyRange | undefined, from: Key, forward: boolean): IDBKeyRange | undefined {
  if (forward) {
    if (range?.lower !== undefined && cmp(range.lower, from) >= 0) return range;
    if (range?.upper !== undefined && cmp(from, range.upper) > 0) return range; // past the end: nothing to find
    return range?.upper !== undefined ? FDBKeyRange.bound(from, range.upper, false, range.upperOpen) : FDBKeyRange.lowerBound(from);
  }
  if (range?.upper !== undefined && cmp(range.upper, from) <= 0) return range;
  if (range?.lower !== undefined && cmp(from, range.lower) < 0) return range;
  return range?.lower !== undefined ? FDBKeyRange.bound(range.lower, from, range.lowerOpen, false) : FDBKeyRange.upperBound(from);
}

if (typeof proto._iterate === 'function' && !proto.__seekPatched) {
  const iterate = proto._iterate;
  proto.__seekPatched = true;
  proto._iterate = function (this: CursorInternals, key?: Key, primaryKey?: Key) {
    const forward = this.direction === 'next' || this.direction === 'nextunique';
    // The further of the requested key and the current position (continue(key) never goes back).
    const candidates = [key, this._position].filter((k): k is Key => k !== undefined);
    if (candidates.length === 0) return iterate.call(this, key, primaryKey);
    const from = candidates.reduce((a, b) => (forward ? (cmp(a, b) >= 0 ? a : b) : cmp(a, b) <= 0 ? a : b));
    const range = this._range;
    this._range = narrowed(range, from, forward);
    try {
      return iterate.call(this, key, primaryKey);
    } finally {
      this._range = range;
    }
  };
}
