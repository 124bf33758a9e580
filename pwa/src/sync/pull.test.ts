/**
 * The pull asks for its next page as soon as a page's head arrives (transport.ts: PullHead), one page
 * ahead at most, and asks again when the size it guessed was not the one the page called for.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createCandidatesRepo } from '@/features/candidates/repo';
import type { RepHireDb } from '@/db/database';
import { pullAll } from './pull';
import { pushOutbox } from './push';
import { FakeSyncServer } from './testing/fake-server';
import { ownedDb } from './testing/fixtures';
import type { SyncTransport } from './transport';

const dbs: RepHireDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

async function device() {
  const db = await ownedDb();
  dbs.push(db);
  return db;
}

describe('pulling the next page at the head of the one before', () => {
  it('asks for it before that page is answered, never two ahead, and again at the size the page called for', async () => {
    const server = new FakeSyncServer();
    const writer = await device();
    await createCandidatesRepo(writer).importCandidates(Array.from({ length: 95 }, (_, i) => ({ name: `P${i}`, email: `p${i}@x.io` })));
    await pushOutbox(writer, server.transport());

    // Each page's head is told at once; the page itself is answered a moment later.
    const events: string[] = [];
    let asked = 0;
    const inner = server.transport();
    const transport: SyncTransport = {
      push: inner.push,
      async pull(query, onHead) {
        const n = ++asked;
        events.push(`ask ${n} (${query.limit})`);
        const page = await inner.pull(query);
        setTimeout(() => onHead?.({ cursor: page.cursor, done: page.done }), 0);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`answer ${n}`);
        return page;
      },
    };
    const reader = await device();
    // A first page of 20 guesses that the next is larger (as after a push: confirmations); these rows
    // come in full, so the next is asked again at the usual 10, and the rest at 10 from their heads.
    const summary = await pullAll(reader, transport, 10, undefined, 20);
    expect(summary.rows).toBe(95);
    expect(await reader.candidates.count()).toBe(95);
    expect(events.slice(0, 4)).toEqual(['ask 1 (20)', 'ask 2 (40)', 'answer 1', 'ask 3 (10)']);
    // From then on each next page is asked before the one before it is answered, one ahead at most.
    const rest = events.slice(4);
    for (let i = 0; i < rest.length; i++) {
      const match = /^ask (\d+)/.exec(rest[i]!);
      if (!match) continue;
      const n = Number(match[1]);
      expect(rest.indexOf(`answer ${n - 1}`), rest.join(', ')).toBeGreaterThan(i);
      expect(rest.indexOf(`answer ${n - 2}`), rest.join(', ')).toBeLessThan(i);
    }
    expect(rest.filter((e) => e.startsWith('ask')).every((e) => e.endsWith('(10)'))).toBe(true);
  });
});
