// @vitest-environment jsdom
/**
 * The Debug panel's "(not synced yet)": shown for a row made here until the server has it, and gone as
 * soon as a pull confirms it, although the list in memory still holds the row without its id until the
 * round gives the confirmations to the rows (sync/confirmations.ts).
 */
import 'fake-indexeddb/auto';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import type { RepHireDb } from '@/db/database';
import { ownedDb } from '@/sync/testing/fixtures';
import { applyLastPullPage, lastPullPage } from '@/sync/testing/pull-pages';
import { createCandidatesRepo } from '../repo';
import { NotSyncedYet } from './DebugPanel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let db: RepHireDb;
let root: Root | null = null;
let container: HTMLElement | null = null;
afterEach(async () => {
  act(() => root?.unmount());
  container?.remove();
  await db?.delete();
});

const NOW = '2026-01-01T00:00:00.000Z';

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(check()).toBe(true);
}

it('marks a row made here until a pull confirms it, before the row gets its id', async () => {
  db = await ownedDb();
  const repo = createCandidatesRepo(db);
  await repo.importCandidates([{ name: 'Bo', email: 'bo@x.io' }]);
  const row = (await db.candidates.toArray())[0]!;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(<NotSyncedYet uid={row.uid} repo={repo} />));
  await until(() => container!.textContent === ' (not synced yet)');

  const confirmed = lastPullPage({ includedThrough: 1, confirmed: [{ uid: row.uid, ...row.ownWrites!, id: 7, createdAt: NOW, updatedAt: NOW, deletedAt: null }] });
  await act(async () => void (await applyLastPullPage(db, confirmed)));
  await until(() => container!.textContent === '');
  // The stored row still has no id: only the kept confirmation says the server has it.
  expect((await db.candidates.get(row.uid))!.id).toBeNull();
});
