/**
 * A Map and a Set keyed by strings that never hand the strings to V8's own hash tables.
 *
 * V8 internalizes a string used as a key of a Map, a Set or an object, or looked up in one: the string
 * joins the isolate's string table and stays there as long as it lives. Every full garbage collection
 * walks that whole table twice in its pause, to drop dead strings and to update moved ones: about 25 ns
 * a string on these machines. A device holding 300,000 candidates had each one's uid and email in the
 * table (the candidate mirror's maps, and every Map or Set of uids a write made on the way), and its
 * longest pauses spent 30–50 ms there (bench:import's online run, `BENCH_TASKS`: CLEAR and
 * EVACUATE_UPDATE_POINTERS_TO_NEW_ROOTS). `npm run bench:string-keys` measures it: a forced full
 * collection of a heap holding 300,000 candidates, with their uids and emails keyed in Maps and in these.
 *
 * These tables hash the string in JavaScript (FNV-1a) into a small integer and compare keys with ===,
 * which reads the characters and internalizes nothing. They keep insertion order, as Map and Set do.
 * Use them where long-lived strings (a candidate's uid and email) are keys; a Map is right elsewhere.
 *
 * Entries live in parallel arrays in insertion order; `slots` is an open-addressed table (linear
 * probing) of entry numbers. A deleted entry leaves a hole in the arrays and a tombstone in `slots`,
 * both dropped when the table is rebuilt. Changing the table while iterating it is allowed for keys
 * already present (set, delete); a set that adds keys may rebuild it, and an iteration running then
 * throws rather than skip or repeat entries.
 */

/** FNV-1a over the UTF-16 code units: a 32-bit integer. */
export function stringHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** Reading a StringMap (or a Map: either fits). */
export interface ReadonlyStringMap<V> extends Iterable<[string, V]> {
  readonly size: number;
  get(key: string): V | undefined;
  has(key: string): boolean;
  keys(): Iterable<string>;
  values(): Iterable<V>;
}

/** Asking a StringSet (or a Set) whether it holds a key. */
export interface ReadonlyStringSet {
  readonly size: number;
  has(key: string): boolean;
}

/**
 * stringHash, remembering the last two keys hashed: a row's uid and email each go through several maps
 * in turn (a lookup, then a write), and hashing 40 characters costs more than comparing two strings
 * that differ (=== stops at the first differing character). V8 keeps a string's hash in the string;
 * hashing each key again for each map, the shared candidates.import took 117–137 ms per 100,000 rows
 * in Node where V8's Maps took 57 ms, and 92–121 ms remembering the last two keys.
 */
let lastKey: string | undefined;
let lastHash = 0;
let otherKey: string | undefined;
let otherHash = 0;
function rememberedHash(key: string): number {
  if (key === lastKey) return lastHash;
  if (key === otherKey) {
    [otherKey, otherHash, lastKey, lastHash] = [lastKey, lastHash, otherKey, otherHash];
    return lastHash;
  }
  otherKey = lastKey;
  otherHash = lastHash;
  lastKey = key;
  lastHash = stringHash(key);
  return lastHash;
}

const EMPTY = 0;
const REMOVED = -1;
const MIN_SLOTS = 8;

export class StringMap<V> implements ReadonlyStringMap<V> {
  /** Entry number + 1 for a used slot; EMPTY or REMOVED. */
  private slots = new Int32Array(MIN_SLOTS);
  private hashes = new Int32Array(MIN_SLOTS / 2);
  private keyList: Array<string | undefined> = [];
  private valueList: Array<V | undefined> = [];
  /** Entries appended since the last rebuild, holes included. */
  private used = 0;
  private live = 0;
  /** Bumped by each rebuild: an iteration begun before one stops (see the module comment). */
  private layout = 0;

  constructor(
    entries?: Iterable<readonly [string, V]>,
    private readonly hash: (key: string) => number = rememberedHash,
    room = 0,
  ) {
    // Room for `room` keys, or an array's, at once: grown a rebuild at a time, a map of 1,000 keys was
    // rebuilt nine times, each time copying what it held.
    const wanted = Math.max(room, Array.isArray(entries) ? entries.length : 0);
    if (wanted > 0) this.rebuild(wanted);
    if (entries) for (const [key, value] of entries) this.set(key, value);
  }

  get size(): number {
    return this.live;
  }

  has(key: string): boolean {
    return this.slotOf(key, this.hash(key)) >= 0;
  }

  get(key: string): V | undefined {
    const slot = this.slotOf(key, this.hash(key));
    return slot < 0 ? undefined : this.valueList[this.slots[slot]! - 1];
  }

  set(key: string, value: V): this {
    const hash = this.hash(key);
    const slot = this.slotOf(key, hash);
    if (slot >= 0) {
      this.valueList[this.slots[slot]! - 1] = value;
      return this;
    }
    if (this.used === this.hashes.length) this.rebuild(this.live + 1);
    const entry = this.used++;
    this.hashes[entry] = hash;
    this.keyList[entry] = key;
    this.valueList[entry] = value;
    const mask = this.slots.length - 1;
    let at = hash & mask;
    while (this.slots[at]! > 0) at = (at + 1) & mask;
    this.slots[at] = entry + 1;
    this.live += 1;
    return this;
  }

  /**
   * Makes room for `count` keys in all: rebuilds the table now when adding keys up to that many could
   * have to rebuild it. Returns whether it rebuilt. A caller adding many keys picks the moment of the
   * rebuild this way (at 300,000 keys, 50 ms of the main thread), instead of it falling inside its work.
   */
  reserve(count: number): boolean {
    if (this.used + Math.max(0, count - this.live) <= this.hashes.length) return false;
    this.rebuild(count);
    return true;
  }

  delete(key: string): boolean {
    const slot = this.slotOf(key, this.hash(key));
    if (slot < 0) return false;
    const entry = this.slots[slot]! - 1;
    this.slots[slot] = REMOVED;
    this.keyList[entry] = undefined;
    this.valueList[entry] = undefined;
    this.live -= 1;
    return true;
  }

  clear(): void {
    this.slots = new Int32Array(MIN_SLOTS);
    this.hashes = new Int32Array(MIN_SLOTS / 2);
    this.keyList = [];
    this.valueList = [];
    this.used = 0;
    this.live = 0;
    this.layout += 1;
  }

  entries(): IterableIterator<[string, V]> {
    return this.walk((entry) => [this.keyList[entry]!, this.valueList[entry] as V]);
  }

  keys(): IterableIterator<string> {
    return this.walk((entry) => this.keyList[entry]!);
  }

  values(): IterableIterator<V> {
    return this.walk((entry) => this.valueList[entry] as V);
  }

  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries();
  }

  /** `pick` of each live entry, in order (one generator: one nested in another cost twice as much a step). */
  private *walk<T>(pick: (entry: number) => T): Generator<T> {
    const layout = this.layout;
    for (let entry = 0; entry < this.used; entry += 1) {
      if (this.keyList[entry] !== undefined) yield pick(entry);
      if (this.layout !== layout) throw new Error('StringMap: keys were added or cleared while it was iterated');
    }
  }

  /** The slot holding `key`, or -1. */
  private slotOf(key: string, hash: number): number {
    const mask = this.slots.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const slot = this.slots[at]!;
      if (slot === EMPTY) return -1;
      if (slot > 0 && this.hashes[slot - 1] === hash && this.keyList[slot - 1] === key) return at;
    }
  }

  /**
   * Makes room for `needed` entries: the live ones moved to the front in order, in a table at most a
   * quarter full (so it fills to half before the next rebuild, and probes stay short).
   */
  private rebuild(needed: number) {
    let size = MIN_SLOTS;
    while (size < needed * 4) size *= 2;
    const keys = this.keyList;
    const values = this.valueList;
    const hashes = this.hashes;
    const count = this.used;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size / 2);
    // Long enough for the keys asked room for: filled one key at a time from nothing, each array was
    // copied again and again as it grew. Not the table's whole capacity (two to four times that): an
    // array's every slot is one more for each collection to visit.
    const room = Math.max(needed, this.live);
    this.keyList = new Array<string | undefined>(room);
    this.valueList = new Array<V | undefined>(room);
    this.used = 0;
    this.layout += 1;
    const mask = size - 1;
    for (let entry = 0; entry < count; entry += 1) {
      const key = keys[entry];
      if (key === undefined) continue;
      const moved = this.used++;
      this.hashes[moved] = hashes[entry]!;
      this.keyList[moved] = key;
      this.valueList[moved] = values[entry];
      let at = hashes[entry]! & mask;
      while (this.slots[at] !== EMPTY) at = (at + 1) & mask;
      this.slots[at] = moved + 1;
    }
  }
}

/** A Set of strings on a StringMap (see the module comment). */
export class StringSet implements ReadonlyStringSet, Iterable<string> {
  private readonly map: StringMap<true>;

  /** `room`: keys to make room for at once (as an array of keys does), so adding them rebuilds nothing. */
  constructor(keys?: Iterable<string>, hash?: (key: string) => number, room = 0) {
    this.map = new StringMap<true>(undefined, hash, Math.max(room, Array.isArray(keys) ? keys.length : 0));
    if (keys) for (const key of keys) this.map.set(key, true);
  }

  get size(): number {
    return this.map.size;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  add(key: string): this {
    this.map.set(key, true);
    return this;
  }

  delete(key: string): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  values(): IterableIterator<string> {
    return this.map.keys();
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.map.keys();
  }
}
