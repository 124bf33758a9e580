/**
 * Runs the import dialog: the state machine (import-state.ts), the acceptance and run toasts, the
 * spec's progress ticks, and the files themselves, one after another, through `deps.importFile`.
 * While a run goes on, the dialog counts as a form with unsaved changes, so an app update never
 * reloads the page under an import.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useDirtyForm } from '@/app/useDirtyForm';
import type { ToastInput } from '@/ui/toast/toast-queue';
import type { SheetKind } from '@shared/import/reader/protocol';
import { acceptFiles, sheetKindOf } from './file-acceptance';
import { displayFileName, type FileImportResult } from './import-file';
import { completionToast } from './import-texts';
import { canRemove, importReducer, initialImportState, SIMULATION, type ImportState } from './import-state';

export interface ImportSessionDeps {
  importFile(file: File, kind: SheetKind, onProgress: (fraction: number) => void): Promise<FileImportResult>;
  notify(toast: ToastInput): void;
}

export interface ImportSession {
  state: ImportState;
  addFiles(files: readonly File[]): void;
  remove(id: string): void;
  clear(): void;
  startImport(): Promise<void>;
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

  useEffect(() => {
    if (!state.running) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), SIMULATION.everyMs);
    return () => clearInterval(timer);
  }, [state.running]);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { accepted, notice } = acceptFiles(files);
      if (notice) deps.notify(notice);
      if (accepted.length) dispatch({ type: 'add', files: accepted.map((file) => ({ file, kind: sheetKindOf(file)! })) });
    },
    [deps],
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
    dispatch({ type: 'start' });
    const results: FileImportResult[] = [];
    try {
      for (const item of pending) {
        dispatch({ type: 'itemStarted', id: item.id });
        let result: FileImportResult;
        try {
          result = await deps.importFile(item.file, item.kind, (fraction) => dispatch({ type: 'itemProgress', id: item.id, fraction }));
        } catch (error) {
          result = thrownResult(item.file, error);
        }
        dispatch({ type: 'itemFinished', id: item.id, result });
        results.push(result);
      }
    } finally {
      dispatch({ type: 'finished', results });
      starting.current = false;
    }
    deps.notify(completionToast(results));
  }, [deps]);

  const remove = useCallback((id: string) => {
    const item = latest.current.items.find((candidate) => candidate.id === id);
    if (item && canRemove(latest.current, item)) dispatch({ type: 'remove', id });
  }, []);

  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  return { state, addFiles, remove, clear, startImport };
}
