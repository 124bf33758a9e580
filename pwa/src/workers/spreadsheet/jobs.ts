/**
 * What the spreadsheet worker does with each message from the main thread (protocol.ts): reads a file
 * for an import (`read`), previews one (`preview`), hands over the batches a preview kept (`replay`),
 * and paces them by the main thread's acknowledgements (`ack`). Kept apart from the worker's entry
 * (spreadsheet.worker.ts, which freezes the prototypes first) so tests run this very code in their own
 * thread (features/import/spreadsheet-client.test.ts).
 *
 * Backpressure: at most MAX_UNACKNOWLEDGED batches are out at once; the main thread acknowledges a
 * batch once it has stored it, so rows never pile up in either thread's memory.
 */
import type { MainToWorker, WorkerToMain } from '@shared/import/reader/protocol';
import { previewSpreadsheetFile } from '@shared/import/reader/preview-file';
import { DEFAULT_READ_LIMITS, readSpreadsheetFile, replayKeptRead, type KeptRead, type ReadLimits } from '@shared/import/reader/read-file';

const MAX_UNACKNOWLEDGED = 2;
/** Every row error is kept for the import's error report (a million short lines at most). */
const KEPT_ROW_ERRORS = 1_000_000;
/**
 * A preview keeps the batches of a file of up to this many candidate rows for the import (about 40–70 MB
 * per 100,000 rows in this worker until the import takes them or the dialog closes): the import then
 * spends no time reading, parsing and checking the file again: 1.5–1.7 s of CPU, about a tenth of a
 * 100,000-row import's on two cores. A bigger file is read again by the import. Workbooks stop at
 * 200,000 rows anyway.
 */
const KEPT_PREVIEW_ROWS = 200_000;

export interface JobOptions {
  limits?: ReadLimits;
  /** The most candidate rows a preview keeps for the import. */
  keptPreviewRows?: number;
}

/** The worker's message handler, answering through `post`. */
export function spreadsheetJobs(
  post: (message: WorkerToMain) => void,
  { limits = { ...DEFAULT_READ_LIMITS, keptMessages: KEPT_ROW_ERRORS }, keptPreviewRows = KEPT_PREVIEW_ROWS }: JobOptions = {},
): (message: MainToWorker) => void {
  let unacknowledged = 0;
  let wake: (() => void) | null = null;
  /** What this worker's preview kept, until a `replay` hands it over. */
  let kept: KeptRead | null = null;

  const port = {
    send(message: WorkerToMain) {
      if (message.type === 'batch') unacknowledged += 1;
      post(message);
    },
    async room() {
      while (unacknowledged >= MAX_UNACKNOWLEDGED) await new Promise<void>((resolve) => (wake = resolve));
    },
  };

  return (message) => {
    if (message.type === 'ack') {
      unacknowledged -= 1;
      wake?.();
      wake = null;
    } else if (message.type === 'read') {
      void readSpreadsheetFile(message.file, message.kind, message.timeZone, port, limits, { sheet: message.sheet, columns: message.columns });
    } else if (message.type === 'preview') {
      // Kept as the preview resolves, a microtask after its last message: before any `replay` can arrive.
      void previewSpreadsheetFile(message, post, limits, keptPreviewRows).then((read) => (kept = read));
    } else if (message.type === 'replay') {
      const read = kept;
      kept = null;
      if (read) void replayKeptRead(read, port);
      else port.send({ type: 'failed', message: 'the spreadsheet reader kept no rows', totals: null });
    }
  };
}
