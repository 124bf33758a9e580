/**
 * fake-indexeddb (6.2.8) learns that a row has no key for an index (the app's sparse indexes: a row not
 * made here has no `r`, one that is not local-only no `localOnly`…) by building a DataError (a
 * DOMException, stack trace included) and catching it, for each such index of each row written. With
 * thousands of rows per simulated device that was about a tenth of the CPU of the sync scenario tests
 * (own-rows.test.ts: 2.3 of 26 s, all in DOMException's constructor).
 *
 * This answers the plain cases before the library does, with the library's own answer: the key path
 * names a property that is missing (own properties of plain objects, as the library looks), or its value
 * is undefined, null or a boolean, which are never keys. Then the row has no entry in the index
 * (undefined, what the library's getIndexKey returns after catching its error). Anything else — a
 * value that may be a key, a key path of `length` on a string or array, Blobs and Files — goes to the
 * library as before. The library's Index class is not exported: its prototype is reached through the
 * first index created (every database creates its indexes before it writes a row). If the internals
 * change, the patch steps aside.
 */
import { IDBObjectStore as FDBObjectStore } from 'fake-indexeddb';

interface RawIndex {
  keyPath: unknown;
  getIndexKey(value: unknown): unknown;
}

/** Whether `keyPath` on `value` is certainly no key (see the module comment); false when it may be one. */
function certainlyNoKey(keyPath: string, value: unknown): boolean {
  if (keyPath === '') return false;
  let object = value;
  for (const identifier of keyPath.split('.')) {
    if (typeof object !== 'object' || object === null || Array.isArray(object) || !isPlain(object)) return false;
    if (!Object.hasOwn(object, identifier)) return true;
    object = (object as Record<string, unknown>)[identifier];
  }
  return object === undefined || object === null || typeof object === 'boolean';
}

function isPlain(object: object): boolean {
  const proto = Object.getPrototypeOf(object);
  return proto === Object.prototype || proto === null;
}

/** For a compound key path, one part that is certainly no key makes the whole none. */
function noKey(keyPath: unknown, value: unknown): boolean {
  if (typeof keyPath === 'string') return certainlyNoKey(keyPath, value);
  return Array.isArray(keyPath) && keyPath.some((part) => typeof part === 'string' && certainlyNoKey(part, value));
}

/** Kept on the library's class, so a second copy of this module (a test file that re-runs it) sees it. */
const STATE = Symbol.for('rephire.fake-indexeddb-sparse-index');

const storeProto = FDBObjectStore.prototype as unknown as {
  createIndex(...args: unknown[]): { _rawIndex?: RawIndex };
  [STATE]?: { indexPatched: boolean };
};

/** Whether the patch is in place (it is once any index was created, unless the library changed). */
export const sparseIndexPatchActive = () => storeProto[STATE]?.indexPatched === true;

if (typeof storeProto.createIndex === 'function' && !storeProto[STATE]) {
  const state = { indexPatched: false };
  storeProto[STATE] = state;
  const createIndex = storeProto.createIndex;
  storeProto.createIndex = function (this: unknown, ...args: unknown[]) {
    const index = createIndex.apply(this, args);
    const raw = index._rawIndex;
    if (!state.indexPatched && raw && typeof raw.getIndexKey === 'function') {
      state.indexPatched = true;
      const indexProto = Object.getPrototypeOf(raw) as RawIndex;
      const getIndexKey = indexProto.getIndexKey;
      indexProto.getIndexKey = function (this: RawIndex, value: unknown) {
        return noKey(this.keyPath, value) ? undefined : getIndexKey.call(this, value);
      };
    }
    return index;
  };
}
