import './fake-indexeddb-seek';
import Dexie from 'dexie';
import { expect, it } from 'vitest';

it('leaves what cursors find unchanged', async () => {
  const db = new Dexie(`seek-${Date.now()}`);
  db.version(1).stores({ rows: 'id, email, status, n' });
  const rows = Array.from({ length: 1_500 }, (_, i) => ({ id: i, email: `e${(i * 7919) % 1_500}@x`, status: ['a', 'b', 'c'][i % 3]!, n: i % 100 }));
  const table = db.table<(typeof rows)[number], number>('rows');
  await table.bulkPut(rows);
  const ids = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).map((r) => r.id);

  const keys = Array.from({ length: 100 }, (_, i) => `e${i * 13}@x`).concat(['nope@x', 'zzz@x']);
  expect((await table.where('email').anyOf(keys).primaryKeys()).sort((a, b) => a - b)).toEqual(ids((r) => keys.includes(r.email)));
  expect((await table.where('status').anyOf(['c', 'a']).primaryKeys()).sort((a, b) => a - b)).toEqual(ids((r) => r.status !== 'b'));
  const top = await table.orderBy('n').reverse().limit(40).toArray();
  expect(top.map((r) => r.n)).toEqual(Array(15).fill(99).concat(Array(15).fill(98), Array(10).fill(97)));
  const walked: number[] = [];
  await table.where('n').between(10, 12).each((r) => void walked.push(r.id));
  expect(walked.sort((a, b) => a - b)).toEqual(ids((r) => r.n >= 10 && r.n < 12));
  const backwards: number[] = [];
  await table.where('id').below(50).reverse().each((r) => void backwards.push(r.id));
  expect(backwards).toEqual(Array.from({ length: 50 }, (_, i) => 49 - i));
  expect(await table.orderBy('status').uniqueKeys()).toEqual(['a', 'b', 'c']);
  expect(await table.where('status').equals('b').offset(400).limit(5).primaryKeys()).toEqual(ids((r) => r.status === 'b').slice(400, 405));
});
