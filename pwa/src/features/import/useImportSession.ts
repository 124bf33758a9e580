/**
 * Runs the import dialog: the state machine (import-state.ts), the acceptance and run toasts, the
 * spec's progress ticks, each pending file's preview (usePreviews.ts), and the files themselves, one
 * after another, through `deps.importFile` with the sheet and mapping their preview shows.
 * While a run goes on, the dialog counts as a form with unsaved changes, so an app update never
 * reloads the page under an import.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ToastInput } from '@/ui/toast/toast-queue';
import { useDirtyForm } from '@/ui/useDirtyForm';
import type { ImportField } from '@shared/import/column-mapping';
import type { SheetKind } from '@shared/import/reader/protocol';
import { acceptFiles, sheetKindOf } from './file-acceptance';
import { displayFileName, type FileImportResult, type ImportProgress } from './import-file';
import { completionToast } from './import-texts';
import { canRemove, importReducer, initialImportState, nextItemId, SIMULATION, type ImportState } from './import-state';
import type { UndoSummary } from './import-history';
import type { ImportChoice, KeptRows } from './spreadsheet-client';
import { newUid } from '@shared/sync/ids';
import { usePreviews, type PreviewDeps } from './usePreviews';

export interface ImportSessionDeps extends PreviewDeps {
  /**
   * Imports one file as part of the run `runId` (its files are undone together): the rows its preview
   * kept when there are (`kept`, read to the end here), else read from the file.
   */
  importFile(file: File, kind: SheetKind, onProgress: ImportProgress, choice: ImportChoice, runId: string, kept: KeptRows | null): Promise<FileImportResult>;
  /** Undoes a run (import-history.ts): null when there was nothing to undo. */
  undoImport(runId: string): Promise<UndoSummary | null>;
  notify(toast: ToastInput): void;
}

export interface ImportSession {
  state: ImportState;
  addFiles(files: readonly File[]): void;
  remove(id: string): void;
  clear(): void;
  startImport(): Promise<void>;
  /** Previews a pending workbook's other sheet (its mapping is matched afresh). */
  chooseSheet(id: string, sheet: string): void;
  /** Maps a pending file's column to a field, or to nothing; remembered for files with the same headers. */
  chooseField(id: string, column: number, field: ImportField | null): void;
}

/** A failure outside the file's own reading (a bug, storage gone): the file failed, with the reason. */
function thrownResult(file: File, error: unknown): FileImportResult {
  const reason = error instanceof Error && error.message ? error.message : 'Unknown error';
  return {
    status: 'error',
    total: 0,
    imported: 0,
    updated: 0,
    errors: [`${displayFileName(file.name)}: ${reason}`],
    errorCount: 1,
    report: [{ file: displayFileName(file.name), row: null, field: null, reason }],
    rowErrors: 0,
    warnings: [],
    warningCount: 0,
    ignoredHeaders: [],
    failure: reason,
  };
}

export function useImportSession(deps: ImportSessionDeps): ImportSession {
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const latest = useRef(state);
  const starting = useRef(false);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  useDirtyForm(state.running, 'import-dialog');
  const previews = usePreviews(deps, dispatch, latest);
  // Workers still reading previews are stopped with the dialog.
  useEffect(() => () => previews.stopAll(), [previews]);

  useEffect(() => {
    if (!state.running) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), SIMULATION.everyMs);
    return () => clearInterval(timer);
  }, [state.running]);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { accepted, notice } = acceptFiles(files);
      if (notice) deps.notify(notice);
      if (!accepted.length) return;
      const added = accepted.map((file) => ({ file, kind: sheetKindOf(file)!, id: nextItemId() }));
      dispatch({ type: 'add', files: added });
      for (const { id, file, kind } of added) previews.start(id, file, kind, { sheet: null, columns: null });
    },
    [deps, previews],
  );

  const startImport = useCallback(async () => {
    const current = latest.current;
    if (current.running || starting.current) return;
    if (current.items.length === 0) {
      deps.notify({ title: 'No Files Selected', description: 'Please select CSV or Excel files to import.', variant: 'destructive' });
      return;
    }
    const pending = current.items.filter((item) => item.status === 'pending');
    if (pending.length === 0) {
      deps.notify({ title: 'No New Files', description: 'All selected files have already been processed.' });
      return;
    }
    starting.current = true;
    // What the finished previews kept is imported as it is; previews still counting give the worker's
    // time to the import, which reads those files itself.
    const kept = new Map(pending.map((item) => [item.id, previews.take(item.id)]));
    previews.stopAll();
    dispatch({ type: 'start' });
    const results: FileImportResult[] = [];
    const runId = newUid();
    try {
      for (const item of pending) {
        dispatch({ type: 'itemStarted', id: item.id, at: Date.now() });
        let result: FileImportResult;
        try {
          const onProgress = (fraction: number, rows?: { read: number; saved: number }) => dispatch({ type: 'itemProgress', id: item.id, fraction, rows });
          result = await deps.importFile(item.file, item.kind, onProgress, item.choice, runId, kept.get(item.id) ?? null);
        } catch (error) {
          result = thrownResult(item.file, error);
        }
        dispatch({ type: 'itemFinished', id: item.id, result });
        results.push(result);
      }
    } finally {
      // Read to the end by their imports, or left over when one threw before reading (ending is idempotent).
      for (const rows of kept.values()) rows?.release();
      dispatch({ type: 'finished', results, runId });
      starting.current = false;
    }
    deps.notify(completionToast(results));
  }, [deps, previews]);

  const remove = useCallback(
    (id: string) => {
      const item = latest.current.items.find((candidate) => candidate.id === id);
      if (!item || !canRemove(latest.current, item)) return;
      previews.stop(id);
      dispatch({ type: 'remove', id });
    },
    [previews],
  );

  const clear = useCallback(() => {
    if (latest.current.running) return;
    previews.stopAll();
    dispatch({ type: 'clear' });
  }, [previews]);

  return { state, addFiles, remove, clear, startImport, chooseSheet: previews.chooseSheet, chooseField: previews.chooseField };
}
