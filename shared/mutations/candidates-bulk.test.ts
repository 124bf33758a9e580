import { describe, expect, it } from 'vitest';
import * as bulk from './candidates-bulk';
import * as create from './candidate-create';
import { ctx, mapStore } from './map-store.testing';
import { REFUSALS } from './store';

const uid = (n: number) => `7f1b0c4e-2a59-4d3c-9b8e-${String(n).padStart(12, '0')}`;
const LINE = '[2026-11-24 09:00 PST] Status updated from new to hired';

async function storeWith(count: number) {
  const store = mapStore();
  for (let n = 1; n <= count; n += 1) {
    await create.apply(store, { uid: uid(n), name: `Person ${n}`, email: `p${n}@x.io`, status: 'new', notes: 'Met at the fair', skills: '' }, ctx(1));
  }
  return store;
}

describe('candidates.bulk', () => {
  it('changes every candidate with its line, and its undo items bring each back as it was', async () => {
    const store = await storeWith(3);
    const before = [1, 2, 3].map((n) => store.candidates.get(uid(n))!);
    const items: bulk.BulkItem[] = [1, 2, 3].map((n) => ({ kind: 'setStatus', uid: uid(n), status: 'hired', noteLine: LINE }));
    expect(await bulk.apply(store, { items }, ctx(2))).toMatchObject({ status: 'applied', updated: 3, unchanged: 0 });
    for (const n of [1, 2, 3]) expect(store.candidates.get(uid(n))).toMatchObject({ status: 'hired', notes: `Met at the fair\n${LINE}` });

    const undo: bulk.BulkItem[] = before.map((c) => ({ kind: 'undoStatus', uid: c.uid, status: c.status, statusChangedAt: c.statusChangedAt ?? undefined, noteLine: LINE }));
    expect(await bulk.apply(store, { items: undo }, ctx(3))).toMatchObject({ status: 'applied', updated: 3 });
    for (const c of before) expect(store.candidates.get(c.uid)).toMatchObject({ status: 'new', statusChangedAt: c.statusChangedAt, notes: 'Met at the fair' });
  });

  it('leaves out a candidate that is gone, and is refused only when every item was', async () => {
    const store = await storeWith(1);
    const partly = await bulk.apply(store, { items: [{ kind: 'setStatus', uid: uid(1), status: 'hired' }, { kind: 'setStatus', uid: uid(9), status: 'hired' }] }, ctx(2));
    expect(partly).toMatchObject({ status: 'applied', updated: 1, unchanged: 1 });
    const none = await bulk.apply(store, { items: [{ kind: 'setStatus', uid: uid(9), status: 'hired' }] }, ctx(3));
    expect(none).toMatchObject({ status: 'rejected', reason: REFUSALS.notFound });
  });

  it("refuses a recruiter's deletes and applies the rest; an admin's delete is undone by its own stamp only", async () => {
    const store = await storeWith(2);
    const recruiter = { ...ctx(2), role: 'recruiter' as const };
    const mixed = await bulk.apply(store, { items: [{ kind: 'delete', uid: uid(1) }, { kind: 'setStatus', uid: uid(2), status: 'hired' }] }, recruiter);
    expect(mixed).toMatchObject({ status: 'applied', updated: 1, unchanged: 1 });
    expect(store.candidates.get(uid(1))!.deletedAt).toBeNull();
    expect(await bulk.apply(store, { items: [{ kind: 'delete', uid: uid(1) }] }, { ...ctx(3), role: 'recruiter' })).toMatchObject({
      status: 'rejected',
      reason: REFUSALS.adminOnlyDelete,
    });

    const admin = { ...ctx(4), role: 'admin' as const };
    await bulk.apply(store, { items: [{ kind: 'delete', uid: uid(1) }] }, admin);
    expect(store.candidates.get(uid(1))!.deletedAt).not.toBeNull();
    // An undo naming another stamp is not this delete's: the candidate stays deleted.
    const wrong = await bulk.apply(store, { items: [{ kind: 'undoDelete', uid: uid(1), deleteHlc: ctx(3).hlc }] }, { ...ctx(5), role: 'admin' });
    expect(wrong).toMatchObject({ status: 'rejected', reason: REFUSALS.deletedByAnother });
    await bulk.apply(store, { items: [{ kind: 'undoDelete', uid: uid(1), deleteHlc: admin.hlc }] }, { ...ctx(6), role: 'admin' });
    expect(store.candidates.get(uid(1))).toMatchObject({ deletedAt: null, name: 'Person 1' });
  });

  it(`takes at most ${bulk.MAX_BULK_ITEMS} items at once`, () => {
    const items = Array.from({ length: bulk.MAX_BULK_ITEMS + 1 }, (_, i) => ({ kind: 'delete' as const, uid: uid(i) }));
    const parsed = bulk.argsSchema.safeParse({ items });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(`At most ${bulk.MAX_BULK_ITEMS} changes in one bulk`);
    expect(bulk.argsSchema.safeParse({ items: items.slice(1) }).success).toBe(true);
  });
});
