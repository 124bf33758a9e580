import { describe, expect, it } from 'vitest';
import type { FileImportResult } from './import-file';
import { canImport, canRemove, importReducer, initialImportState, type ImportAction, type ImportState } from './import-state';

const file = (name: string) => new File(['x'], name);
const done = (overrides: Partial<FileImportResult> = {}): FileImportResult => ({
  status: 'success',
  total: 2,
  imported: 1,
  updated: 1,
  errors: [],
  errorCount: 0,
  report: [],
  rowErrors: 0,
  warnings: [],
  warningCount: 0,
  ignoredHeaders: [],
  failure: null,
  ...overrides,
});

function apply(state: ImportState, ...actions: ImportAction[]): ImportState {
  return actions.reduce(importReducer, state);
}
const run = (...actions: ImportAction[]) => apply(initialImportState, ...actions);

const added = () => run({ type: 'add', files: [{ file: file('a.csv'), kind: 'csv' }, { file: file('b.xlsx'), kind: 'workbook' }] });

describe('import dialog state', () => {
  it('lists added files as pending, and can import only with a pending file and no run', () => {
    expect(canImport(initialImportState)).toBe(false);
    const state = added();
    expect(state.items.map((item) => [item.file.name, item.kind, item.status, item.progress])).toEqual([
      ['a.csv', 'csv', 'pending', 0],
      ['b.xlsx', 'workbook', 'pending', 0],
    ]);
    expect(new Set(state.items.map((item) => item.id)).size).toBe(2);
    expect(canImport(state)).toBe(true);
    expect(canImport(importReducer(state, { type: 'start' }))).toBe(false);
  });

  it('moves an item pending → uploading → success with the spec progress steps', () => {
    let state = added();
    const [a] = state.items;
    state = apply(state, { type: 'start' }, { type: 'itemStarted', id: a!.id });
    expect(state.items[0]).toMatchObject({ status: 'uploading', progress: 10 });
    expect(state.items[1]).toMatchObject({ status: 'pending', progress: 0 });
    for (let i = 0; i < 20; i += 1) state = importReducer(state, { type: 'tick' });
    expect(state.items[0]!.progress).toBe(80);
    expect(state.items[1]!.progress).toBe(0);
    state = importReducer(state, { type: 'itemFinished', id: a!.id, result: done() });
    expect(state.items[0]).toMatchObject({ status: 'success', progress: 100, result: done() });
    // Finished items do not go back.
    expect(importReducer(state, { type: 'itemStarted', id: a!.id })).toBe(state);
    expect(importReducer(state, { type: 'tick' })).toBe(state);
  });

  it('shows the real progress when it is ahead of the simulation, never above 99 before the end', () => {
    let state = added();
    const id = state.items[0]!.id;
    state = apply(state, { type: 'start' }, { type: 'itemStarted', id }, { type: 'tick' });
    expect(state.items[0]!.progress).toBe(15);
    state = importReducer(state, { type: 'itemProgress', id, fraction: 0.42 });
    expect(state.items[0]!.progress).toBe(42);
    state = importReducer(state, { type: 'tick' });
    expect(state.items[0]!.progress).toBe(42);
    state = importReducer(state, { type: 'itemProgress', id, fraction: 0.3 });
    expect(state.items[0]!.progress).toBe(42);
    state = importReducer(state, { type: 'itemProgress', id, fraction: 1 });
    expect(state.items[0]!.progress).toBe(99);
    state = importReducer(state, { type: 'itemFinished', id, result: done({ status: 'error', failure: 'the file is empty' }) });
    expect(state.items[0]).toMatchObject({ status: 'error', progress: 100 });
  });

  it('removes items unless they are uploading or a run is going', () => {
    let state = added();
    const [a, b] = state.items;
    expect(canRemove(state, a!)).toBe(true);
    state = importReducer(state, { type: 'start' });
    expect(canRemove(state, b!)).toBe(false);
    expect(importReducer(state, { type: 'remove', id: b!.id })).toBe(state);
    expect(importReducer(state, { type: 'clear' })).toBe(state);
    state = importReducer(state, { type: 'itemStarted', id: a!.id });
    state = importReducer(state, { type: 'finished', results: [done()] });
    const uploading = { ...state, items: state.items.map((item) => ({ ...item, status: 'uploading' as const })) };
    expect(canRemove(uploading, uploading.items[0]!)).toBe(false);
    expect(importReducer(state, { type: 'remove', id: b!.id }).items.map((item) => item.file.name)).toEqual(['a.csv']);
  });

  it('summarises the run, and Clear All resets files and summary', () => {
    let state = added();
    state = importReducer(state, { type: 'start' });
    state = importReducer(state, { type: 'finished', results: [done(), done({ errors: ['b.xlsx: Row 3: missing email'], errorCount: 1 })] });
    expect(state.running).toBe(false);
    expect(state.summary).toEqual({ total: 4, imported: 2, updated: 2, errors: ['b.xlsx: Row 3: missing email'], errorCount: 1, report: [] });
    expect(importReducer(state, { type: 'start' }).summary).toBeNull();
    expect(importReducer(state, { type: 'clear' })).toEqual(initialImportState);
  });
});
