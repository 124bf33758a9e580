import { describe, expect, it } from 'vitest';
import { appendedLines, ImportRecorder } from '../import/import-recorder';
import * as create from './candidate-create';
import * as update from './candidate-update';
import * as appendNote from './candidate-append-note';
import * as importRows from './candidates-import';
import * as undoImport from './candidates-undo-import';
import { ctx, mapStore } from './map-store.testing';

const ANA = '7f1b0c4e-2a59-4d3c-9b8e-0c6f1e2d3a4b';
const NEW1 = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const NEW2 = '1b2c3d4e-5f6a-4b7c-8d9e-9f0a1b2c3d4e';

async function storeWithAna() {
  const store = mapStore();
  await create.apply(
    store,
    { uid: ANA, name: 'Ana Ruiz', email: 'ana@x.io', phone: '555-0100', location: 'Austin', status: 'screening', notes: 'Met at the fair', skills: '' },
    ctx(1),
  );
  return store;
}

/** Imports `rows` as the device does: through the recorder, one mutation per batch. */
async function recordedImport(store: ReturnType<typeof mapStore>, batches: Array<Array<Record<string, unknown>>>, from: number) {
  const recorder = new ImportRecorder();
  const items = [];
  for (const [i, rows] of batches.entries()) {
    const context = ctx(from + i);
    recorder.stamped(context.hlc);
    await importRows.apply(recorder.wrap(store), importRows.argsSchema.parse({ rows }), context);
    items.push(...recorder.take());
  }
  return { stamps: recorder.stamps, items };
}

describe('appendedLines', () => {
  it('names the whole lines added at the end, never a line already there', () => {
    expect(appendedLines('a\nb', 'a\nb\nc\nd')).toEqual(['c', 'd']);
    expect(appendedLines('', 'x')).toEqual(['x']);
    expect(appendedLines('a', 'a')).toEqual([]);
  });
});

describe('candidates.undoImport', () => {
  it('removes what the import made, puts changed fields back and takes its note lines out', async () => {
    const store = await storeWithAna();
    const before = structuredClone(store.candidates.get(ANA)!);
    const { stamps, items } = await recordedImport(
      store,
      [
        [
          { uid: NEW1, name: 'New One', email: 'one@x.io' },
          { uid: '2c3d4e5f-6a7b-4c8d-9e0f-0a1b2c3d4e5f', name: 'Ana R.', email: 'ANA@x.io', phone: '555-0199', status: 'interview', notes: 'Prefers remote' },
        ],
        // A later batch changes another field of the same candidate and makes one more.
        [
          { uid: NEW2, name: 'New Two', email: 'two@x.io' },
          { uid: '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a', name: 'Ana R.', email: 'ana@x.io', location: 'Denver' },
        ],
      ],
      2,
    );
    expect(items).toEqual([
      { uid: NEW1, created: true },
      {
        uid: ANA,
        previous: { name: 'Ana Ruiz', phone: '555-0100', status: 'screening', statusChangedAt: before.statusChangedAt },
        addedLines: ['Prefers remote'],
      },
      { uid: NEW2, created: true },
      { uid: ANA, previous: { location: 'Austin' } },
    ]);
    expect(store.candidates.get(ANA)).toMatchObject({ name: 'Ana R.', location: 'Denver', notes: 'Met at the fair\nPrefers remote' });

    const outcome = await undoImport.apply(store, undoImport.argsSchema.parse({ importHlcs: stamps, items }), ctx(10));
    expect(outcome).toMatchObject({ status: 'applied', updated: 4 });
    const ana = store.candidates.get(ANA)!;
    expect(ana).toMatchObject({ name: 'Ana Ruiz', phone: '555-0100', location: 'Austin', status: 'screening', notes: 'Met at the fair' });
    expect(ana.statusChangedAt).toBe(before.statusChangedAt);
    expect(store.candidates.get(NEW1)!.deletedAt).not.toBeNull();
    expect(store.candidates.get(NEW2)!.deletedAt).not.toBeNull();
  });

  it('keeps what was changed since the import, and lines written since', async () => {
    const store = await storeWithAna();
    const { stamps, items } = await recordedImport(
      store,
      [
        [
          { uid: NEW1, name: 'New One', email: 'one@x.io' },
          { uid: NEW2, name: 'Ana R.', email: 'ana@x.io', phone: '555-0199', location: 'Denver', notes: 'Prefers remote' },
        ],
      ],
      2,
    );
    // Another device, after the import: edits the phone, adds a line, and edits the new candidate.
    await update.apply(store, { uid: ANA, changes: { phone: '555-0123' } }, ctx(5));
    await appendNote.apply(store, { uid: ANA, line: 'Called back' }, ctx(6));
    await update.apply(store, { uid: NEW1, changes: { location: 'Reno' } }, ctx(7));

    const args = undoImport.argsSchema.parse({ importHlcs: stamps, items });
    const stampSet = new Set(stamps);
    expect(undoImport.planUndo(store.candidates.get(ANA)!, items[1]!, stampSet)).toEqual({
      remove: false,
      revert: { name: 'Ana Ruiz', location: 'Austin' },
      kept: ['phone'],
      removeLines: ['Prefers remote'],
    });
    expect(undoImport.planUndo(store.candidates.get(NEW1)!, items[0]!, stampSet).kept).toEqual(['*']);

    await undoImport.apply(store, args, ctx(10));
    expect(store.candidates.get(ANA)).toMatchObject({ name: 'Ana Ruiz', phone: '555-0123', location: 'Austin', notes: 'Met at the fair\nCalled back' });
    expect(store.candidates.get(NEW1)).toMatchObject({ deletedAt: null, location: 'Reno' });
  });

  it('lets a recruiter remove only the candidates their own import made', async () => {
    const store = mapStore();
    const { stamps, items } = await recordedImport(store, [[{ uid: NEW1, name: 'New One', email: 'one@x.io' }]], 2);
    const args = undoImport.argsSchema.parse({ importHlcs: stamps, items });
    const other = await undoImport.apply(store, args, { ...ctx(10), userId: 2, role: 'recruiter' });
    expect(other.unchanged).toBe(1);
    expect(store.candidates.get(NEW1)!.deletedAt).toBeNull();
    const own = await undoImport.apply(store, args, { ...ctx(11), userId: 1, role: 'recruiter' });
    expect(own.updated).toBe(1);
    expect(store.candidates.get(NEW1)!.deletedAt).not.toBeNull();
  });

  it('refuses arguments that are not an import’s record', () => {
    expect(undoImport.argsSchema.safeParse({ importHlcs: [], items: [{ uid: NEW1, created: true }] }).success).toBe(false);
    const bad = undoImport.argsSchema.safeParse({ importHlcs: [ctx(1).hlc], items: [{ uid: NEW1, previous: { status: 'lost' } }] });
    expect(bad.success).toBe(false);
  });
});
