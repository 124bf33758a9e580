import { describe, expect, it } from 'vitest';
import type { FileImportResult } from './import-file';
import { importResult } from './import-result.testing';
import type { FilePreview } from '@shared/import/reader/protocol';
import { canImport, canRemove, importCounts, importReducer, initialImportState, type ImportAction, type ImportState } from './import-state';

const file = (name: string) => new File(['x'], name);
const done = (overrides: Partial<FileImportResult> = {}): FileImportResult => importResult({ total: 2, imported: 1, updated: 1, ...overrides });

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
    state = apply(state, { type: 'start' }, { type: 'itemStarted', id: a!.id, at: 0 });
    expect(state.items[0]).toMatchObject({ status: 'uploading', progress: 10 });
    expect(state.items[1]).toMatchObject({ status: 'pending', progress: 0 });
    for (let i = 0; i < 20; i += 1) state = importReducer(state, { type: 'tick' });
    expect(state.items[0]!.progress).toBe(80);
    expect(state.items[1]!.progress).toBe(0);
    state = importReducer(state, { type: 'itemFinished', id: a!.id, result: done() });
    expect(state.items[0]).toMatchObject({ status: 'success', progress: 100, result: done() });
    // Finished items do not go back.
    expect(importReducer(state, { type: 'itemStarted', id: a!.id, at: 0 })).toBe(state);
    expect(importReducer(state, { type: 'tick' })).toBe(state);
  });

  it('shows the real progress when it is ahead of the simulation, never above 99 before the end', () => {
    let state = added();
    const id = state.items[0]!.id;
    state = apply(state, { type: 'start' }, { type: 'itemStarted', id, at: 0 }, { type: 'tick' });
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
    state = importReducer(state, { type: 'itemStarted', id: a!.id, at: 0 });
    state = importReducer(state, { type: 'finished', results: [done()], runId: 'run-1' });
    const uploading = { ...state, items: state.items.map((item) => ({ ...item, status: 'uploading' as const })) };
    expect(canRemove(uploading, uploading.items[0]!)).toBe(false);
    expect(importReducer(state, { type: 'remove', id: b!.id }).items.map((item) => item.file.name)).toEqual(['a.csv']);
  });

  it('summarises the run, and Clear All resets files and summary', () => {
    let state = added();
    state = importReducer(state, { type: 'start' });
    state = importReducer(state, { type: 'finished', results: [done(), done({ errors: ['b.xlsx: Row 3: missing email'], errorCount: 1 })], runId: 'run-1' });
    expect(state.running).toBe(false);
    expect(state.summary).toEqual({ total: 4, imported: 2, updated: 2, errors: ['b.xlsx: Row 3: missing email'], errorCount: 1, report: [], runId: 'run-1' });
    expect(importReducer(state, { type: 'start' }).summary).toBeNull();
    expect(importReducer(state, { type: 'clear' })).toEqual(initialImportState);
  });
});

describe('import previews', () => {
  const preview = (columns = { name: 0, email: 1 }, sheet: string | null = null): FilePreview => ({
    sheets: sheet ? [sheet, 'Other'] : [],
    sheet,
    header: { row: 1, headers: ['Name', 'Email'], signature: 'name|email', columns, autoColumns: { name: 0, email: 1 }, origin: 'auto' },
    problem: null,
    rows: [],
  });

  it('cannot import while a pending file is being previewed; the import uses what the preview shows', () => {
    let state = added();
    const [a, b] = state.items;
    state = apply(
      state,
      { type: 'previewStarted', id: a!.id, run: 1, choice: { sheet: null, columns: null } },
      { type: 'previewStarted', id: b!.id, run: 2, choice: { sheet: 'Sheet 2', columns: null } },
    );
    expect(canImport(state)).toBe(false);
    state = apply(state, { type: 'previewShown', id: a!.id, run: 1, preview: preview() });
    expect(canImport(state)).toBe(false);
    state = apply(state, { type: 'previewFailed', id: b!.id, run: 2, message: 'the workbook has no sheet named "Sheet 2"' });
    expect(canImport(state)).toBe(true);
    expect(state.items[0]).toMatchObject({ choice: { sheet: null, columns: { name: 0, email: 1 } }, preview: { status: 'ready', counts: 'counting' } });
    state = apply(state, { type: 'previewCounted', id: a!.id, run: 1, counts: { created: 1, updated: 0, errors: 0 } });
    expect(state.items[0]!.preview).toMatchObject({ counts: { created: 1, updated: 0, errors: 0 } });
  });

  it('drops the answers of a preview run a later choice replaced', () => {
    let state = added();
    const id = state.items[0]!.id;
    state = apply(
      state,
      { type: 'previewStarted', id, run: 1, choice: { sheet: null, columns: null } },
      { type: 'previewStarted', id, run: 2, choice: { sheet: null, columns: { name: 0, email: 1, phone: 2 } } },
    );
    expect(apply(state, { type: 'previewShown', id, run: 1, preview: preview() })).toBe(state);
    state = apply(state, { type: 'previewShown', id, run: 2, preview: preview({ name: 0, email: 1, phone: 2 } as never) });
    expect(state.items[0]!.choice.columns).toEqual({ name: 0, email: 1, phone: 2 });
  });

  it('counts new candidates once per new email; every other candidate row updates one', () => {
    // 5 candidate rows, 3 distinct emails of which 1 is on the device: 2 new, 3 updates.
    expect(importCounts({ candidates: 5, errorCount: 2, emails: ['a@x.com', 'b@x.com', 'known@x.com'] }, 1)).toEqual({
      created: 2,
      updated: 3,
      errors: 2,
    });
  });
});
