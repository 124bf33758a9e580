/**
 * The import preview of one file, in the spreadsheet worker: the same rows (sheet-rows.ts) and rules
 * (row-batcher.ts) as the import itself, so what the preview shows is what the import stores. It sends
 * the header row, its mapping and the first PREVIEW_ROWS data rows as soon as it has them, then reads the
 * rest of the file to count candidate rows and errors and to gather the candidates' distinct emails (the
 * main thread counts which of them are already on the device). A header whose mapping lacks an email or a
 * name column stops after the preview: it shows the columns so one can be chosen by hand.
 *
 * Reading the whole file, it makes the very batches the import would: with `keepRows`, a file of at most
 * that many candidate rows has them kept (with every error's text) and returned, for the import to take
 * instead of reading and checking the file again (read-file.ts: replayKeptRead).
 */
import { normalizeEmail } from '../../candidates/email';
import type { BatchMessage, PreviewRequest, WorkerToMain, FilePreview } from './protocol';
import { batchMessages, type KeptRead } from './read-file';
import { RowBatcher, type RowBatch, type StoredRow } from './row-batcher';
import { DEFAULT_READ_LIMITS, failureMessage, FileFailure, visitSheetRows, type ReadLimits } from './sheet-rows';

export const PREVIEW_ROWS = 20;

/** Thrown to stop reading once the preview says the mapping cannot import. */
class StopReading extends Error {}

export async function previewSpreadsheetFile(
  request: PreviewRequest,
  send: (message: WorkerToMain) => void,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
  keepRows = 0,
): Promise<KeptRead | null> {
  const rows: StoredRow[] = [];
  const emails = new Set<string>();
  let sheets: string[] = [];
  let sheet: string | null = null;
  let sent = false;
  const batcher = new RowBatcher({
    timeZone: request.timeZone,
    columns: request.columns,
    remembered: new Map(request.remembered),
    batchSize: limits.batchSize,
    // What is kept for the import must hold every error's text, as its own read would.
    keepMessages: keepRows > 0 ? limits.keptMessages : 0,
    observe: (row) => {
      if (rows.length < PREVIEW_ROWS) rows.push(row);
    },
  });
  const sendPreview = (problem: string | null) => {
    if (sent || !batcher.header) return;
    sent = true;
    const preview: FilePreview = { sheets, sheet, header: batcher.header, problem, rows: rows.sort((a, b) => a.row - b.row) };
    send({ type: 'preview', preview });
  };
  const message = batchMessages();
  let kept: BatchMessage[] | null = keepRows > 0 ? [] : null;
  let keptRows = 0;
  const gather = (batch: RowBatch | null, progress: number) => {
    if (!batch) return;
    for (const row of batch.rows) emails.add(normalizeEmail(row.email));
    if (!kept) return;
    keptRows += batch.rows.length;
    if (keptRows <= keepRows) kept.push(message(batch, progress));
    else kept = null;
  };

  try {
    await visitSheetRows(request.file, request.kind, limits, request.sheet, {
      sheets: (names, chosen) => {
        sheets = names;
        sheet = chosen;
      },
      row: (values, rowNumber, progress) => {
        if (!batcher.hasHeader) {
          const header = batcher.readHeader(values, rowNumber);
          if (header !== 'blank' && !header.ok) {
            sendPreview(header.message);
            throw new StopReading();
          }
          return;
        }
        gather(batcher.add(values, rowNumber), progress);
        if (rows.length >= PREVIEW_ROWS) sendPreview(null);
      },
      problem: (row, message) => {
        batcher.addError(row, `Row ${row}: ${message}`);
        if (rows.length < PREVIEW_ROWS) rows.push({ kind: 'error', row, field: null, message: `Row ${row}: ${message}` });
      },
      progress: () => {},
    });
    gather(batcher.flush(), 1);
    if (!batcher.hasHeader) throw new FileFailure('the file is empty');
    const { dataRows, blankRows, candidates, errorCount } = batcher.totals;
    if (dataRows === blankRows) throw new FileFailure('no candidates found below the header row');
    sendPreview(null);
    send({ type: 'previewDone', counts: { candidates, errorCount, emails: [...emails] }, kept: kept !== null });
    return kept && { batches: kept, totals: batcher.totals };
  } catch (error) {
    if (error instanceof StopReading) send({ type: 'previewDone', counts: null, kept: false });
    else send({ type: 'failed', message: failureMessage(error), totals: null });
    return null;
  }
}
