import { sparseIndexPatchActive } from './fake-indexeddb-sparse-index';
import Dexie from 'dexie';
import { expect, it } from 'vitest';

interface Row {
  id: number;
  [field: string]: unknown;
}

it('leaves which rows an index holds as IndexedDB has it, for rows with and without a key', async () => {
  const db = new Dexie(`sparse-${Date.now()}`);
  db.version(1).stores({ rows: 'id, r, a.b, [k+n], *tags, name.length' });
  const table = db.table<Row, number>('rows');
  const date = new Date(Date.UTC(2026, 0, 2));
  await table.bulkPut([
    { id: 1, r: 5, a: { b: 'x' }, k: 'p', n: 1, tags: ['t', 't', null, 'u'], name: 'abc' },
    { id: 2 },
    { id: 3, r: null, a: null, k: 'p', n: null, tags: null, name: null },
    { id: 4, r: true, a: { b: false }, k: false, n: 2, tags: true },
    { id: 5, r: undefined, a: { c: 'y' }, k: 'q', tags: [] },
    { id: 6, r: date, a: Object.assign(Object.create({ b: 'inherited' }), {}), k: 'q', n: 3, tags: 'v', name: [1, 2] },
    { id: 7, r: 'text', a: { b: ['arr', 1] }, k: ['x'], n: 4, tags: ['w'], name: 'de' },
  ]);
  expect(sparseIndexPatchActive()).toBe(true);
  const keysOf = async (index: string) => (await table.orderBy(index).primaryKeys()).sort((x, y) => x - y);
  expect(await keysOf('r')).toEqual([1, 6, 7]);
  expect(await keysOf('a.b')).toEqual([1, 7]);
  expect(await keysOf('[k+n]')).toEqual([1, 6, 7]);
  expect(await table.where('tags').anyOf(['t', 'u', 'v', 'w']).primaryKeys()).toEqual([1, 1, 6, 7]);
  expect(await table.orderBy('tags').keys()).toEqual(['t', 'u', 'v', 'w']);
  expect(await table.orderBy('name.length').keys()).toEqual([2, 2, 3]);
  expect(await table.where('r').equals(date).primaryKeys()).toEqual([6]);
  // A row that loses its key leaves the index; one that gains it enters.
  await table.put({ id: 1, r: null });
  await table.put({ id: 2, r: 9 });
  expect(await keysOf('r')).toEqual([2, 6, 7]);
  db.close();
});
