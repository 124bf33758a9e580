import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createCandidateRecord } from '@shared/sync/merge';
import { formatHlc } from '@shared/sync/hlc';
import { newUid } from '@shared/sync/ids';
import { toLocalCandidate, type RepHireDb } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { erasureTables, forgetErased } from '@/sync/erasure';
import { ownedDb } from '@/sync/testing/fixtures';
import { createImportHistory, MAX_KEPT_IMPORTS, startImportRun } from './import-history';

let db: RepHireDb;
afterEach(async () => {
  await db?.delete();
});

async function setup() {
  db = await ownedDb();
  const known = createCandidateRecord(
    { uid: newUid(), name: 'Ana Ruiz', email: 'ana@x.io', phone: '555-0100', status: 'screening', skills: '', notes: 'Met at the fair' },
    formatHlc({ millis: 1000, counter: 0, node: 'server' }),
    { id: 7, userId: 2, now: '2026-01-01T00:00:00.000Z' },
  );
  await db.candidates.put(toLocalCandidate(known));
  const history = createImportHistory(db);
  const repo = createCandidatesRepo(db);
  /** One file of the run, in batches as the dialog stores them. */
  const importBatches = async (run: ReturnType<typeof startImportRun>, fileName: string, batches: unknown[][]) => {
    for (const rows of batches) {
      await repo.importCandidates(rows, {
        fileName,
        recording: { observer: run.recorder, alsoStore: (results) => history.storeBatch(run, fileName, results) },
      });
    }
  };
  return { known, history, importBatches };
}

describe('the device’s import history', () => {
  it('records a run batch by batch with its rows, and its Undo queues undo mutations that put the device back', async () => {
    const { known, history, importBatches } = await setup();
    const run = startImportRun();
    await importBatches(run, 'leads.csv', [
      [
        { name: 'New One', email: 'one@x.io' },
        { name: 'Ana R.', email: 'ANA@x.io', phone: '555-0199', notes: 'Prefers remote' },
      ],
      [{ name: 'New Two', email: 'two@x.io' }],
    ]);
    const [record] = await history.recent();
    expect(record).toMatchObject({ id: run.id, files: ['leads.csv'], created: 2, updated: 1, undoneAt: null });
    expect(record!.stamps).toHaveLength(2);
    expect(await db.importBatches.count()).toBe(2);

    // Changed on this device after the import: the Undo keeps it.
    await createCandidatesRepo(db).updateCandidate(known.uid, { name: 'Ana Ruiz-Lee' });
    const undo = await history.undo(run.id);
    expect(undo).toEqual({ removed: 2, restored: 1, kept: [{ uid: known.uid, name: 'Ana Ruiz-Lee', fields: ['name'] }], keptCount: 1 });
    const live = (await db.candidates.toArray()).filter((row) => !row.deletedAt);
    expect(live.map((row) => [row.name, row.phone, row.notes])).toEqual([['Ana Ruiz-Lee', '555-0100', 'Met at the fair']]);
    const pending = await db.outbox.toArray();
    expect(pending.map((entry) => entry.name)).toEqual(['candidates.import', 'candidates.import', 'candidate.update', 'candidates.undoImport']);
    expect((await history.recent())[0]).toMatchObject({ undo, undoneAt: expect.any(String) });
    // Undone once only.
    expect(await history.undo(run.id)).toBeNull();
  });

  it('keeps the latest runs only', async () => {
    const { history, importBatches } = await setup();
    for (let i = 0; i <= MAX_KEPT_IMPORTS; i++) {
      const run = { ...startImportRun(), startedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() };
      await importBatches(run, `f${i}.csv`, [[{ name: `P${i}`, email: `p${i}@x.io` }]]);
    }
    const recent = await history.recent();
    expect(recent).toHaveLength(MAX_KEPT_IMPORTS);
    expect(recent.at(-1)!.files).toEqual(['f1.csv']);
    expect(await db.importBatches.count()).toBe(MAX_KEPT_IMPORTS);
  });

  it('forgets a candidate erased for privacy', async () => {
    const { history, importBatches } = await setup();
    const run = startImportRun();
    await importBatches(run, 'a.csv', [[{ name: 'Zoe Park', email: 'zoe@x.io' }, { name: 'Max', email: 'max@x.io' }]]);
    const zoe = (await db.candidates.toArray()).find((row) => row.name === 'Zoe Park')!;
    await db.transaction('rw', erasureTables(db), () => forgetErased(db, [zoe.uid]));
    const items = (await db.importBatches.toArray()).flatMap((batch) => batch.items);
    expect(items.map((item) => item.uid)).not.toContain(zoe.uid);
    expect(items).toHaveLength(1);
    expect(await history.recent()).toHaveLength(1);
  });
});
