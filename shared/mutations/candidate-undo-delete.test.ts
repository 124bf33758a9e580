import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from './store';
import * as create from './candidate-create';
import * as update from './candidate-update';
import * as remove from './candidate-delete';
import * as undoDelete from './candidate-undo-delete';
import * as bulk from './candidates-bulk';
import { ctx, mapStore, stamp } from './map-store.testing';

const ANA = '7f1b0c4e-2a59-4d3c-9b8e-0c6f1e2d3a4b';
const BO = '0d8e6c1a-5b3f-4e2d-8a7c-1f2e3d4c5b6a';

/** A store that keeps the history events too. */
function storeWithHistory() {
  const store = mapStore();
  const events: HistoryEvent[] = [];
  store.recordEvents = (more) => void events.push(...more);
  return Object.assign(store, { events });
}

async function twoCandidates() {
  const store = storeWithHistory();
  await create.apply(store, { uid: ANA, name: 'Ana', email: 'ana@x.io', status: 'interview', notes: 'Met at the fair', skills: 'Sales' }, ctx(1));
  await create.apply(store, { uid: BO, name: 'Bo', email: 'bo@x.io', status: 'new', notes: '', skills: '' }, ctx(1));
  return store;
}

const asAdmin = (n: number) => ({ ...ctx(n), role: 'admin' as const });
const asRecruiter = (n: number) => ({ ...ctx(n), role: 'recruiter' as const });

describe('candidate.undoDelete', () => {
  it('brings the candidate back exactly as it was deleted, and records it in the history', async () => {
    const store = await twoCandidates();
    const before = store.candidates.get(ANA)!;
    await remove.apply(store, { uid: ANA }, ctx(2));
    expect(store.candidates.get(ANA)!.deletedAt).not.toBeNull();
    const outcome = await undoDelete.apply(store, { uid: ANA, deleteHlc: stamp(2) }, ctx(3));
    expect(outcome).toMatchObject({ status: 'applied', updated: 1 });
    const after = store.candidates.get(ANA)!;
    const { updatedAt: _a, ...restored } = after;
    const { updatedAt: _b, ...original } = before;
    expect(restored).toEqual(original);
    expect(store.events.map((event) => event.kind)).toEqual(['deleted', 'restored']);
  });

  it('leaves a candidate deleted by another change deleted', async () => {
    const store = await twoCandidates();
    await remove.apply(store, { uid: ANA }, ctx(2));
    // This device's delete (stamp 3) arrives after another's: the tombstone is the other's.
    await remove.apply(store, { uid: ANA }, ctx(3));
    const outcome = await undoDelete.apply(store, { uid: ANA, deleteHlc: stamp(3) }, ctx(4));
    expect(outcome).toMatchObject({ status: 'rejected' });
    expect(store.candidates.get(ANA)!.deletedAt).not.toBeNull();
  });

  it('changes nothing on a live candidate, and runs twice as once (a replay)', async () => {
    const store = await twoCandidates();
    await remove.apply(store, { uid: ANA }, ctx(2));
    await undoDelete.apply(store, { uid: ANA, deleteHlc: stamp(2) }, ctx(3));
    await update.apply(store, { uid: ANA, changes: { location: 'Austin' } }, ctx(4));
    const again = await undoDelete.apply(store, { uid: ANA, deleteHlc: stamp(2) }, ctx(5));
    expect(again).toMatchObject({ status: 'applied', updated: 0, unchanged: 1 });
    expect(store.candidates.get(ANA)).toMatchObject({ deletedAt: null, location: 'Austin' });
  });

  it('never brings back a candidate erased for privacy', async () => {
    const store = await twoCandidates();
    await remove.apply(store, { uid: ANA }, ctx(2));
    store.candidates.set(ANA, { ...store.candidates.get(ANA)!, erased: true } as never);
    const outcome = await undoDelete.apply(store, { uid: ANA, deleteHlc: stamp(2) }, ctx(3));
    expect(outcome).toMatchObject({ status: 'rejected', reason: 'The candidate was erased for privacy; the change was dropped' });
  });

  it('is for administrators, like the delete', async () => {
    const store = await twoCandidates();
    expect(await remove.apply(store, { uid: ANA }, asRecruiter(2))).toMatchObject({ status: 'rejected', reason: 'Only administrators can delete candidates' });
    expect(store.candidates.get(ANA)!.deletedAt).toBeNull();
    await remove.apply(store, { uid: ANA }, asAdmin(3));
    expect(await undoDelete.apply(store, { uid: ANA, deleteHlc: stamp(3) }, asRecruiter(4))).toMatchObject({ status: 'rejected' });
    expect(await undoDelete.apply(store, { uid: ANA, deleteHlc: stamp(3) }, asAdmin(5))).toMatchObject({ status: 'applied', updated: 1 });
    // A delete of what is already gone is done, whoever asks (an erased candidate's queued change).
    await remove.apply(store, { uid: BO }, asAdmin(6));
    expect(await remove.apply(store, { uid: BO }, asRecruiter(7))).toMatchObject({ status: 'applied' });
  });
});

describe('candidates.bulk delete and its undo', () => {
  it('deletes many, and the undo brings back only those its delete removed', async () => {
    const store = await twoCandidates();
    await remove.apply(store, { uid: BO }, ctx(2));
    await bulk.apply(store, { items: [{ kind: 'delete', uid: ANA }, { kind: 'delete', uid: BO }] }, ctx(3));
    const outcome = await bulk.apply(
      store,
      { items: [{ kind: 'undoDelete', uid: ANA, deleteHlc: stamp(3) }, { kind: 'undoDelete', uid: BO, deleteHlc: stamp(3) }] },
      ctx(4),
    );
    expect(outcome).toMatchObject({ status: 'applied', updated: 1, unchanged: 1 });
    expect(store.candidates.get(ANA)!.deletedAt).toBeNull();
    expect(store.candidates.get(BO)!.deletedAt).not.toBeNull();
  });

  it('refuses a recruiter’s delete items but applies the rest of the bulk', async () => {
    const store = await twoCandidates();
    const outcome = await bulk.apply(
      store,
      { items: [{ kind: 'delete', uid: ANA }, { kind: 'setStatus', uid: BO, status: 'interview' }] },
      asRecruiter(2),
    );
    expect(outcome).toMatchObject({ status: 'applied', updated: 1, unchanged: 1 });
    expect(store.candidates.get(ANA)!.deletedAt).toBeNull();
    const refused = await bulk.apply(store, { items: [{ kind: 'delete', uid: ANA }] }, asRecruiter(3));
    expect(refused).toMatchObject({ status: 'rejected', reason: 'Only administrators can delete candidates' });
  });

  it('refuses an undo item without a clock stamp', () => {
    expect(bulk.argsSchema.safeParse({ items: [{ kind: 'undoDelete', uid: ANA, deleteHlc: 'yesterday' }] }).success).toBe(false);
  });
});
