/**
 * Each pending file's preview: one worker run per file and choice (spreadsheet-client.ts), started when
 * the file is added and again when its sheet or a column's field is changed; the previous run for that
 * file is aborted (its worker terminated) and its late answers are dropped by run number
 * (import-state.ts). The worker counts the file's rows and gathers their emails off the main thread; here
 * only the emails already on the device are counted (deps.countKnownEmails). A mapping chosen by hand is
 * remembered for files with the same headers, or forgotten when put back to what matching picks.
 * A preview that read the whole file may keep its batches in its worker (KeptRows): the import takes
 * them (`take`); a newer preview of the file, its removal or the dialog closing releases them.
 */
import { useMemo, useRef, type Dispatch, type RefObject } from 'react';
import { sameColumns, withColumnField, type ImportField } from '@shared/import/column-mapping';
import type { SheetKind } from '@shared/import/reader/protocol';
import { importCounts, type ImportAction, type ImportState } from './import-state';
import type { ImportChoice, KeptRows, PreviewMessage } from './spreadsheet-client';

export interface PreviewDeps {
  /** Reads a file's preview in the worker (with the device's remembered mappings). */
  preview(file: File, kind: SheetKind, choice: ImportChoice, signal: AbortSignal): AsyncIterable<PreviewMessage>;
  /** How many of these normalised emails a live candidate on the device has. */
  countKnownEmails(emails: readonly string[]): Promise<number>;
  /** Remembers a mapping chosen by hand for this header signature (null forgets it). */
  rememberMapping(signature: string, columns: ImportChoice['columns']): Promise<void>;
}

export interface Previews {
  start(id: string, file: File, kind: SheetKind, choice: ImportChoice): void;
  stop(id: string): void;
  stopAll(): void;
  /** The rows the file's latest preview kept, now the caller's (to read or release); null when none. */
  take(id: string): KeptRows | null;
  chooseSheet(id: string, sheet: string): void;
  chooseField(id: string, column: number, field: ImportField | null): void;
}

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

export function usePreviews(deps: PreviewDeps, dispatch: Dispatch<ImportAction>, latest: RefObject<ImportState>): Previews {
  const running = useRef(new Map<string, AbortController>());
  const kept = useRef(new Map<string, KeptRows>());
  const runs = useRef(0);

  return useMemo(() => {
    const stop = (id: string) => {
      running.current.get(id)?.abort();
      running.current.delete(id);
      kept.current.get(id)?.release();
      kept.current.delete(id);
    };

    const start = (id: string, file: File, kind: SheetKind, choice: ImportChoice) => {
      stop(id);
      const controller = new AbortController();
      running.current.set(id, controller);
      const run = (runs.current += 1);
      dispatch({ type: 'previewStarted', id, run, choice });
      void (async () => {
        try {
          for await (const message of deps.preview(file, kind, choice, controller.signal)) {
            if (message.type === 'preview') dispatch({ type: 'previewShown', id, run, preview: message.preview });
            else if (message.type === 'failed') dispatch({ type: 'previewFailed', id, run, message: message.message });
            else if (message.type === 'previewDone') {
              const counts = message.counts && importCounts(message.counts, await deps.countKnownEmails(message.counts.emails));
              if (!controller.signal.aborted) dispatch({ type: 'previewCounted', id, run, counts });
            } else if (message.type === 'kept') {
              if (controller.signal.aborted) message.rows.release();
              else kept.current.set(id, message.rows);
            }
          }
        } catch (error) {
          if (!controller.signal.aborted) dispatch({ type: 'previewFailed', id, run, message: `the preview could not be read (${reasonOf(error)})` });
        } finally {
          if (running.current.get(id) === controller) running.current.delete(id);
        }
      })();
    };

    const pendingItem = (id: string) => latest.current.items.find((item) => item.id === id && item.status === 'pending');

    return {
      start,
      stop,
      stopAll() {
        for (const id of new Set([...running.current.keys(), ...kept.current.keys()])) stop(id);
      },
      take(id) {
        const rows = kept.current.get(id) ?? null;
        kept.current.delete(id);
        return rows;
      },
      chooseSheet(id, sheet) {
        const item = pendingItem(id);
        if (item && !latest.current.running) start(id, item.file, item.kind, { sheet, columns: null });
      },
      chooseField(id, column, field) {
        const item = pendingItem(id);
        if (!item || latest.current.running || item.preview.status !== 'ready') return;
        const { header, sheet } = item.preview.preview;
        const columns = withColumnField(header.columns, column, field);
        void deps.rememberMapping(header.signature, sameColumns(columns, header.autoColumns) ? null : columns);
        start(id, item.file, item.kind, { sheet, columns });
      },
    };
  }, [deps, dispatch, latest]);
}
