import { describe, expect, it } from 'vitest';
import { removeLastLine } from '../candidates/notes';
import * as create from './candidate-create';
import * as setStatus from './candidate-set-status';
import * as appendNote from './candidate-append-note';
import * as undoStatus from './candidate-undo-status';
import * as remove from './candidate-delete';
import { ctx, mapStore } from './map-store.testing';

const UID = '7f1b0c4e-2a59-4d3c-9b8e-0c6f1e2d3a4b';
const TURNED_DOWN = '[2026-11-24 09:00 PST] Candidate was marked as turned down';

async function interviewingCandidate() {
  const store = mapStore();
  await create.apply(store, { uid: UID, name: 'Ana', email: 'ana@x.io', status: 'interview', notes: 'Met at the fair', skills: '' }, ctx(1));
  return store;
}

describe('removeLastLine', () => {
  it('takes out the last line equal to the one given, and nothing else', () => {
    expect(removeLastLine('a\nb\na\nc', 'a')).toBe('a\nb\nc');
    expect(removeLastLine('a\nb', 'a b')).toBe('a\nb');
    expect(removeLastLine('Rating: 10', 'Rating: 1')).toBe('Rating: 10');
    expect(removeLastLine('only', 'only')).toBe('');
  });
});

describe('candidate.undoStatus', () => {
  it('brings back the status and when it began, and takes out the change’s line only', async () => {
    const store = await interviewingCandidate();
    const before = store.candidates.get(UID)!;
    await setStatus.apply(store, { uid: UID, status: 'rejected', noteLine: TURNED_DOWN }, ctx(2));
    // Another device adds a line after the change and before the undo: it stays.
    await appendNote.apply(store, { uid: UID, line: 'Called back' }, ctx(3));
    const outcome = await undoStatus.apply(store, { uid: UID, status: 'interview', statusChangedAt: before.statusChangedAt ?? undefined, noteLine: TURNED_DOWN }, ctx(4));
    expect(outcome.status).toBe('applied');
    const after = store.candidates.get(UID)!;
    expect(after).toMatchObject({ status: 'interview', statusChangedAt: before.statusChangedAt, notes: 'Met at the fair\nCalled back' });
  });

  it('wins over an older status change arriving late, as any newer write does', async () => {
    const store = await interviewingCandidate();
    await setStatus.apply(store, { uid: UID, status: 'rejected', noteLine: TURNED_DOWN }, ctx(3));
    await undoStatus.apply(store, { uid: UID, status: 'interview', noteLine: TURNED_DOWN }, ctx(5));
    await setStatus.apply(store, { uid: UID, status: 'hired' }, ctx(4));
    expect(store.candidates.get(UID)!.status).toBe('interview');
  });

  it('is refused on a deleted candidate, like every change', async () => {
    const store = await interviewingCandidate();
    await remove.apply(store, { uid: UID }, ctx(2));
    const outcome = await undoStatus.apply(store, { uid: UID, status: 'new' }, ctx(3));
    expect(outcome.status).toBe('rejected');
  });
});
