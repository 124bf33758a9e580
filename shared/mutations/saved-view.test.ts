import { describe, expect, it } from 'vitest';
import { DEFAULT_CANDIDATE_FILTERS } from '../candidates/filters';
import { defaultViewOf, readViewState } from '../schemas/saved-view.schema';
import * as save from './saved-view-save';
import * as remove from './saved-view-delete';
import { ctx, mapStore, stamp } from './map-store.testing';

const VIEW = '3c1e9a52-7b44-4f0e-9d61-2a8b5c7d9e10';
const OTHER = '9b2d4f61-1a3c-4e5b-8d7f-0c1e2a3b4c5d';
const state = { filters: { ...DEFAULT_CANDIDATE_FILTERS, experience: [], sources: [], status: 'hired' as const }, sort: { column: 'name' as const, direction: 'asc' as const }, pageSize: 10 };
const asUser = (n: number, userId: number) => ({ ...ctx(n), userId });

describe('savedView.save and savedView.delete', () => {
  it('creates a view, and changes each field last-writer-wins by clock', async () => {
    const store = mapStore();
    expect(await save.apply(store, { uid: VIEW, name: 'Hired', state }, ctx(1))).toMatchObject({ status: 'applied', created: 1 });
    await save.apply(store, { uid: VIEW, name: 'Renamed later' }, ctx(5));
    // An older rename and a default set meanwhile elsewhere: the rename loses, the default stays.
    await save.apply(store, { uid: VIEW, name: 'Renamed earlier', isDefault: true }, ctx(3));
    expect(store.views.get(VIEW)).toMatchObject({ name: 'Renamed later', defaultHlc: stamp(3), userId: 1, deletedAt: null });
  });

  it('keeps a view to its owner, and a delete wins over later saves', async () => {
    const store = mapStore();
    await save.apply(store, { uid: VIEW, name: 'Mine', state }, asUser(1, 1));
    expect(await save.apply(store, { uid: VIEW, name: 'Theirs' }, asUser(2, 2))).toMatchObject({ status: 'rejected', reason: 'Saved view not found' });
    expect(await remove.apply(store, { uid: VIEW }, asUser(2, 2))).toMatchObject({ status: 'rejected' });
    expect(await remove.apply(store, { uid: VIEW }, asUser(3, 1))).toMatchObject({ status: 'applied' });
    expect(await save.apply(store, { uid: VIEW, name: 'Back?' }, asUser(4, 1))).toMatchObject({ status: 'rejected' });
    expect(store.views.get(VIEW)).toMatchObject({ name: 'Mine', deletedAt: expect.any(String) });
  });

  it('picks the default as the view most recently made the default', async () => {
    const store = mapStore();
    await save.apply(store, { uid: VIEW, name: 'A', state, isDefault: true }, ctx(1));
    await save.apply(store, { uid: OTHER, name: 'B', state, isDefault: true }, ctx(2));
    expect(defaultViewOf([...store.views.values()])?.uid).toBe(OTHER);
    await save.apply(store, { uid: OTHER, isDefault: false }, ctx(3));
    expect(defaultViewOf([...store.views.values()])?.uid).toBe(VIEW);
  });

  it('refuses a nameless or empty save, and a new view without its state', async () => {
    expect(save.argsSchema.safeParse({ uid: VIEW, name: '  ' }).success).toBe(false);
    expect(save.argsSchema.safeParse({ uid: VIEW }).success).toBe(false);
    expect(await save.apply(mapStore(), { uid: VIEW, name: 'No state' }, ctx(1))).toMatchObject({ status: 'rejected' });
  });

  it('reads a view saved by another version of the app: unknown settings dropped, unreadable ones defaulted', () => {
    const read = readViewState({
      filters: { status: 'interview', location: 'mars', sources: ['craigslist', 42, 'is:Indeed'], experience: ['sales', 'astronaut'], colour: 'red' },
      sort: { column: 'shoeSize', direction: 'asc' },
      pageSize: 7,
      columns: ['name'],
    });
    expect(read).toEqual({
      filters: { ...DEFAULT_CANDIDATE_FILTERS, status: 'interview', location: 'all', sources: ['craigslist', 'is:Indeed'], experience: ['sales'] },
      sort: { column: 'appliedDate', direction: 'desc' },
      pageSize: 25,
    });
    expect(readViewState('garbage')).toEqual(readViewState({}));
  });
});
