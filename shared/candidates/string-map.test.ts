import { describe, expect, it } from 'vitest';
import { StringMap, StringSet, stringHash } from './string-map';

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HASHES: Array<[string, ((key: string) => number) | undefined]> = [
  ['FNV-1a', undefined],
  ['every key colliding', () => 7],
  ['four buckets', (key) => stringHash(key) & 3],
];

describe('StringMap', () => {
  it.each(HASHES)('answers as a Map does over random sets, deletes and clears (%s)', (_, hash) => {
    const next = random(42);
    const map = new StringMap<number>(undefined, hash);
    const reference = new Map<string, number>();
    for (let step = 0; step < 20_000; step += 1) {
      const key = `key-${Math.floor(next() * 300)}`;
      const roll = next();
      if (roll < 0.55) {
        map.set(key, step);
        reference.set(key, step);
      } else if (roll < 0.9) {
        expect(map.delete(key)).toBe(reference.delete(key));
      } else if (roll < 0.9995) {
        expect(map.get(key)).toBe(reference.get(key));
        expect(map.has(key)).toBe(reference.has(key));
      } else {
        map.clear();
        reference.clear();
      }
      expect(map.size).toBe(reference.size);
    }
    expect([...map]).toEqual([...reference]);
    expect([...map.keys()]).toEqual([...reference.keys()]);
    expect([...map.values()]).toEqual([...reference.values()]);
  });

  it('keeps insertion order across deletes and the rebuilds that drop their holes', () => {
    const map = new StringMap<number>();
    for (let i = 0; i < 1000; i += 1) map.set(`k${i}`, i);
    for (let i = 0; i < 1000; i += 2) map.delete(`k${i}`);
    map.set('k1', -1); // an existing key keeps its place
    for (let i = 1000; i < 3000; i += 1) map.set(`k${i}`, i);
    const keys = [...map.keys()];
    expect(keys.slice(0, 3)).toEqual(['k1', 'k3', 'k5']);
    expect(keys).toHaveLength(500 + 2000);
    expect(map.get('k1')).toBe(-1);
    expect(map.get('k2')).toBeUndefined();
    expect(keys.at(-1)).toBe('k2999');
  });

  it('rebuilds on reserve only when adding up to that many keys could have to, and then not while they are added', () => {
    const map = new StringMap<number>();
    for (let i = 0; i < 1000; i += 1) map.set(`k${i}`, i);
    const rebuilds = () => (map as unknown as { layout: number }).layout;
    // Room for a few more is there already.
    const before = rebuilds();
    expect(map.reserve(1001)).toBe(false);
    expect(rebuilds()).toBe(before);
    expect(map.reserve(5000)).toBe(true);
    const after = rebuilds();
    for (let i = 1000; i < 5000; i += 1) map.set(`k${i}`, i);
    expect(rebuilds()).toBe(after);
    expect(map.reserve(5000)).toBe(false);
    expect(map.size).toBe(5000);
    expect([...map.keys()].slice(0, 2)).toEqual(['k0', 'k1']);
    expect(map.get('k4999')).toBe(4999);
  });

  it('holds undefined as a value, and tells it from a missing key', () => {
    const map = new StringMap<string | undefined>([['a', undefined]]);
    expect(map.has('a')).toBe(true);
    expect(map.size).toBe(1);
    expect(map.has('b')).toBe(false);
    expect([...map]).toEqual([['a', undefined]]);
  });

  it('tells keys apart by their characters, not by their hash', () => {
    const map = new StringMap<number>(undefined, () => 1);
    map.set('', 0).set('a', 1).set('A', 2).set('é', 3).set('e\u0301', 4);
    expect([map.get(''), map.get('a'), map.get('A'), map.get('é'), map.get('e\u0301')]).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets an iteration delete and update keys, and stops one that a growing set would disturb', () => {
    const map = new StringMap<number>([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const seen: string[] = [];
    for (const [key] of map) {
      seen.push(key);
      if (key === 'a') map.delete('b');
      map.set('c', 30);
    }
    expect(seen).toEqual(['a', 'c']);
    expect([...map]).toEqual([
      ['a', 1],
      ['c', 30],
    ]);
    expect(() => {
      for (const [key] of map) for (let i = 0; i < 100; i += 1) map.set(`${key}${i}`, i);
    }).toThrow(/while it was iterated/);
  });
});

describe('StringSet', () => {
  it('answers as a Set does', () => {
    const set = new StringSet(['x', 'y', 'x']);
    const reference = new Set(['x', 'y', 'x']);
    expect(set.size).toBe(2);
    set.add('z');
    reference.add('z');
    expect(set.delete('x')).toBe(reference.delete('x'));
    expect(set.delete('x')).toBe(reference.delete('x'));
    expect(set.has('y')).toBe(true);
    expect(set.has('x')).toBe(false);
    expect([...set]).toEqual([...reference]);
    expect([...set.values()]).toEqual([...reference.values()]);
  });

  it('given room for keys, takes that many without a rebuild (one would stop an iteration)', () => {
    /** Adds keys until 1,000 are held while iterating the set: throws when adding them rebuilt it. */
    const fillWhileIterating = (set: StringSet) => {
      set.add('k0');
      for (const _ of set) for (let i = 1; i < 1000; i += 1) set.add(`k${i}`);
      return set.size;
    };
    expect(fillWhileIterating(new StringSet(undefined, undefined, 1000))).toBe(1000);
    expect(() => fillWhileIterating(new StringSet())).toThrow(/while it was iterated/);
  });
});

describe('stringHash', () => {
  it('is FNV-1a over the code units', () => {
    // The published FNV-1a 32-bit values for these inputs, as signed 32-bit integers.
    expect(stringHash('') >>> 0).toBe(0x811c9dc5);
    expect(stringHash('a') >>> 0).toBe(0xe40c292c);
    expect(stringHash('foobar') >>> 0).toBe(0xbf9cf968);
  });
});
