/**
 * The rows of one uploaded file, in order, for whoever reads them (the import: read-file.ts; the
 * preview: preview-file.ts). Decides what the file is from its bytes (containerOf) and its name's kind:
 * CSV text is streamed slice by slice in its detected encoding, a workbook is read whole within limits
 * (workbook-reader.ts), a ZIP container only once shared/import/zip-guard.ts passed it. A file that
 * cannot be read throws a FileFailure whose message a recruiter can act on.
 */
import { checkZipContainer } from '../zip-guard';
import { detectEncoding, READ_SLICE_BYTES } from './encoding';
import { readCsvRows } from './csv-reader';
import type { SheetKind } from './protocol';
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

/** A file (or the part of it still unread) that cannot be imported, with the reason. */
export class FileFailure extends Error {}

export interface RowVisitor {
  /** A workbook's sheet names and the one being read (CSV files have no sheets). */
  sheets?(names: string[], chosen: string): void;
  /** One row, numbered as the sheet numbers it (first row = 1); progress is the share of the file read. */
  row(values: readonly unknown[], rowNumber: number, progress: number): Promise<void> | void;
  /** A row the CSV parser could not read. */
  problem(rowNumber: number, message: string): void;
  /** Called after each stretch of rows with the share of the file read. */
  progress(fraction: number): void;
}

const BINARY_SAMPLE_BYTES = 64 * 1024;
const PROGRESS_EVERY_ROWS = 5000;

function numberText(n: number): string {
  return n.toLocaleString('en-US');
}

/** Visits every row of `file` (of sheet `sheet` in a workbook, else its first). Throws FileFailure. */
export async function visitSheetRows(
  file: Blob,
  kind: SheetKind,
  limits: ReadLimits,
  sheet: string | null,
  visitor: RowVisitor,
): Promise<void> {
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
        await visitor.row(piece.rows[i]!, rowNumber, (bytesBefore + (span * (i + 1)) / piece.rows.length) / file.size);
      }
      for (const problem of piece.problems) visitor.problem(firstRow + problem.index, problem.message);
      bytesBefore = piece.bytesRead;
      visitor.progress(bytesBefore / file.size);
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
    let read;
    try {
      read = await readWorkbookRows(bytes, limits.maxWorkbookRows, sheet);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new FileFailure(`could not be read as a spreadsheet (${reason})`);
    }
    if (read.sheet === null) {
      // A workbook without sheets has no rows (and is reported as empty).
      if (sheet === null) return;
      throw new FileFailure(`the workbook has no sheet named ${JSON.stringify(sheet)}`);
    }
    visitor.sheets?.(read.sheets, read.sheet);
    if (read.truncated) {
      throw new FileFailure(
        `the sheet has more than ${numberText(limits.maxWorkbookRows)} rows; split it into smaller files or save it as CSV`,
      );
    }
    visitor.progress(0.1);
    const total = read.rows.length;
    for (let i = 0; i < total; i += 1) {
      const progress = 0.1 + (0.9 * (i + 1)) / total;
      await visitor.row(read.rows[i]!, i + 1, progress);
      if ((i + 1) % PROGRESS_EVERY_ROWS === 0) visitor.progress(progress);
    }
  };

  if (file.size === 0) throw new FileFailure('the file is empty');
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const container = containerOf(head);
  // A workbook saved under a .csv name is read as the workbook it is.
  if (container || kind === 'workbook') {
    if (!container && !isBiffStream(head)) await refuseBinaryText(file);
    await readWorkbook();
  } else await readCsv();
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

/** The message for anything thrown while reading: a FileFailure's own, else the error's text. */
export function failureMessage(error: unknown): string {
  return error instanceof FileFailure ? error.message : `could not be read (${error instanceof Error ? error.message : String(error)})`;
}
