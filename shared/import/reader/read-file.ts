/**
 * Reads one uploaded file into batches of import rows, inside the spreadsheet worker (no DOM, no
 * Dexie: it only talks through `port`). Decides what the file is from its bytes (containerOf) and its
 * name's kind; CSV text streams (encoding.ts, csv-reader.ts), workbooks are read whole with limits
 * (workbook-reader.ts), a ZIP container only once shared/import/zip-guard.ts passed it. Every outcome
 * is a message: batches as they fill, then `done` with the file's totals, or `failed` with a message a
 * recruiter can act on.
 */
import { checkZipContainer } from '../zip-guard';
import { detectEncoding, READ_SLICE_BYTES } from './encoding';
import { readCsvRows } from './csv-reader';
import type { SheetKind, WorkerToMain } from './protocol';
import { RowBatcher, type RowBatch } from './row-batcher';
import { containerOf, isBiffStream, looksBinary } from './sniff';
import { readWorkbookRows } from './workbook-reader';

export interface ReadLimits {
  /** Workbooks are read whole: bigger ones are refused (CSV streams and has no limit). */
  maxWorkbookBytes: number;
  /** Data rows read from a workbook sheet; a bigger sheet is refused. */
  maxWorkbookRows: number;
  sliceBytes: number;
  batchSize?: number;
  /** Row errors kept with their text (the counts are always complete): the device keeps every one. */
  keptMessages?: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxWorkbookBytes: 50 * 1024 * 1024,
  maxWorkbookRows: 200_000,
  sliceBytes: READ_SLICE_BYTES,
};

export interface ReaderPort {
  send(message: WorkerToMain): void;
  /** Resolves when the main thread can take another batch. */
  room(): Promise<void>;
}

const BINARY_SAMPLE_BYTES = 64 * 1024;
const PROGRESS_EVERY_ROWS = 5000;

class FileFailure extends Error {}

function numberText(n: number): string {
  return n.toLocaleString('en-US');
}

export async function readSpreadsheetFile(
  file: Blob,
  kind: SheetKind,
  timeZone: string,
  port: ReaderPort,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): Promise<void> {
  const batcher = new RowBatcher({ timeZone, batchSize: limits.batchSize, keepMessages: limits.keptMessages });
  let batchNumber = 0;
  let lastProgress = 0;

  const sendBatch = async (batch: RowBatch | null, progress: number) => {
    if (!batch) return;
    await port.room();
    lastProgress = Math.max(lastProgress, progress);
    port.send({ type: 'batch', batch: (batchNumber += 1), ...batch, progress: lastProgress });
  };

  /** Feeds one row; false once the header turned out unusable. */
  const feed = async (values: readonly unknown[], rowNumber: number, progress: number) => {
    if (!batcher.hasHeader) {
      const header = batcher.readHeader(values);
      if (header !== 'blank' && !header.ok) throw new FileFailure(header.message);
      return;
    }
    await sendBatch(batcher.add(values, rowNumber), progress);
  };

  const finish = async () => {
    await sendBatch(batcher.flush(), 1);
    if (!batcher.hasHeader) throw new FileFailure('the file is empty');
    const { dataRows, blankRows } = batcher.totals;
    if (dataRows === blankRows) throw new FileFailure('no candidates found below the header row');
    port.send({ type: 'done', totals: batcher.totals });
  };

  const readCsv = async () => {
    const encoding = await detectEncoding(file, limits.sliceBytes);
    const sampleBytes = new Uint8Array(await file.slice(encoding.skip, encoding.skip + BINARY_SAMPLE_BYTES).arrayBuffer());
    const sample = new TextDecoder(encoding.encoding, { ignoreBOM: true }).decode(sampleBytes);
    if (looksBinary(sample, encoding.encoding === 'utf-8')) {
      throw new FileFailure('this is not a CSV text file (it contains binary data); upload a CSV or Excel file');
    }
    let rowNumber = 0;
    let bytesBefore = 0;
    for await (const piece of readCsvRows(file, encoding, limits.sliceBytes)) {
      const firstRow = rowNumber + 1;
      const span = piece.bytesRead - bytesBefore;
      for (let i = 0; i < piece.rows.length; i += 1) {
        rowNumber += 1;
        await feed(piece.rows[i]!, rowNumber, (bytesBefore + (span * (i + 1)) / piece.rows.length) / file.size);
      }
      for (const problem of piece.problems) {
        const row = firstRow + problem.index;
        batcher.addError(row, `Row ${row}: ${problem.message}`);
      }
      bytesBefore = piece.bytesRead;
      // Rows that made no batch yet (errors, blanks) are done with: say how far the reading got.
      if (!batcher.hasPending) port.send({ type: 'progress', progress: bytesBefore / file.size });
    }
  };

  const readWorkbook = async () => {
    if (file.size > limits.maxWorkbookBytes) {
      const mb = Math.round(limits.maxWorkbookBytes / (1024 * 1024));
      throw new FileFailure(`the workbook is larger than ${mb} MB; save it as CSV and import that`);
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const container = await checkZipContainer(bytes);
    if (!container.ok) throw new FileFailure(container.message);
    let sheet;
    try {
      sheet = await readWorkbookRows(bytes, limits.maxWorkbookRows);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new FileFailure(`could not be read as a spreadsheet (${reason})`);
    }
    if (sheet.truncated) {
      throw new FileFailure(
        `the sheet has more than ${numberText(limits.maxWorkbookRows)} rows; split it into smaller files or save it as CSV`,
      );
    }
    port.send({ type: 'progress', progress: 0.1 });
    const total = sheet.rows.length;
    for (let i = 0; i < total; i += 1) {
      const progress = 0.1 + (0.9 * (i + 1)) / total;
      await feed(sheet.rows[i]!, i + 1, progress);
      if ((i + 1) % PROGRESS_EVERY_ROWS === 0 && !batcher.hasPending) port.send({ type: 'progress', progress });
    }
  };

  try {
    if (file.size === 0) throw new FileFailure('the file is empty');
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    const container = containerOf(head);
    // A workbook saved under a .csv name is read as the workbook it is.
    if (container || kind === 'workbook') {
      if (!container && !isBiffStream(head)) await refuseBinaryText(file);
      await readWorkbook();
    } else await readCsv();
    await finish();
  } catch (error) {
    const message = error instanceof FileFailure ? error.message : `could not be read (${error instanceof Error ? error.message : String(error)})`;
    port.send({ type: 'failed', message, totals: batcher.hasHeader ? batcher.totals : null });
  }
}

/**
 * A workbook name without a workbook container: SheetJS also reads text formats (CSV, HTML, XML
 * spreadsheets, SYLK), so let it try — unless the bytes are neither a container nor text.
 */
async function refuseBinaryText(file: Blob): Promise<void> {
  const encoding = await detectEncoding(file.slice(0, BINARY_SAMPLE_BYTES));
  const sample = new Uint8Array(await file.slice(encoding.skip, BINARY_SAMPLE_BYTES).arrayBuffer());
  if (looksBinary(new TextDecoder(encoding.encoding, { ignoreBOM: true }).decode(sample))) {
    throw new FileFailure('this is not a spreadsheet file (unknown binary format); upload a CSV or Excel file');
  }
}
