/**
 * Turns a file's rows, as they stream in, into batches of import rows with the shared import rules
 * (shared/import): the first non-blank row gives the columns (resolveColumns: the mapping chosen in the
 * preview when there is one, else one remembered for the same headers, else header matching), each later row becomes a
 * candidate or a numbered error (mapRow), and each candidate carries only the fields its row filled in
 * (providedFields), so an update never blanks what the file lacks. Rows sharing an email are not folded
 * here: the import mutation combines them (shared/sync/combine-import-rows.ts) with the same rule it
 * applies across batches, so where a batch ends never changes the result. Every row is accounted for:
 * stored, blank, or reported as an error; only the first errors are kept as text (a file of 10,000 bad rows keeps its count, not 10,000
 * messages).
 */
import { headerSignature, headerText, missingRequiredColumns, resolveColumns, type ColumnMapping } from '../column-mapping';
import { cellText } from '../cell-values';
import { checkImportRow } from '../check-import-row';
import { mapRow, providedFields, type RowError } from '../row-mapping';
import type { ImportRow } from '../../mutations/args.schema';
import type { CandidateFields } from '../../schemas/candidate.schema';

export interface RowBatch {
  /** Checked with the import mutation's row schema, each with the uid its candidate gets when new (checkImportRow). */
  rows: ImportRow[];
  /** The spreadsheet row number of each entry of `rows`. */
  rowNumbers: number[];
}

export interface FileTotals {
  /** Data rows read below the header (blank ones included). */
  dataRows: number;
  blankRows: number;
  /** Rows that made a candidate. */
  candidates: number;
  errorCount: number;
  /** The first errors, in row order. */
  errors: RowError[];
  warningCount: number;
  warnings: string[];
  /** Header texts no field uses. */
  ignoredHeaders: string[];
}

/** How the header row's columns were given their fields. */
export type MappingOrigin = 'auto' | 'remembered' | 'chosen';

/** The header row as read: where it is, its texts, and the mapping in effect. */
export interface HeaderInfo {
  /** Its row number in the sheet (1 = the first). */
  row: number;
  headers: string[];
  /** headerSignature(headers): the key a mapping chosen by hand is remembered under. */
  signature: string;
  columns: ColumnMapping;
  /** What the header matching alone would pick. */
  autoColumns: ColumnMapping;
  origin: MappingOrigin;
}

/** A data row as the import stores it, or the error it makes (for the preview). */
export type StoredRow =
  | { kind: 'candidate'; row: number; values: ImportRow; warnings: string[] }
  | { kind: 'error'; row: number; field: string | null; message: string };

export interface RowBatcherOptions {
  timeZone: string;
  /** The mapping chosen for this file; without one, a remembered mapping for its headers, else matching. */
  columns?: ColumnMapping | null;
  /** Mappings chosen by hand before, by header signature. */
  remembered?: ReadonlyMap<string, ColumnMapping>;
  /** Sees every non-blank data row as stored (or its error). */
  observe?: (row: StoredRow) => void;
  /** Candidates per batch (one `candidates.import` mutation each). */
  batchSize?: number;
  /** Error and warning texts kept per file. */
  keepMessages?: number;
}

/**
 * Each batch is stored in one IndexedDB transaction (a transaction costs a fixed 10–40 ms here: 500
 * rows per transaction took a third longer than one bulk write of the whole file, 2,000 about 15 %
 * longer than 5,000), validated and written in slices of 1,000 and 500 rows, one main-thread task each
 * (features/candidates/import-rows.ts, sync/dexie-rows.ts).
 */
export const DEFAULT_BATCH_SIZE = 5000;
export const KEPT_MESSAGES = 100;

export type HeaderResult = { ok: true } | { ok: false; message: string };

export class RowBatcher {
  private columns: ColumnMapping | null = null;
  private headerInfo: HeaderInfo | null = null;
  private pending: Array<{ row: number; values: ImportRow }> = [];
  private readonly batchSize: number;
  private readonly keep: number;
  readonly totals: FileTotals = {
    dataRows: 0,
    blankRows: 0,
    candidates: 0,
    errorCount: 0,
    errors: [],
    warningCount: 0,
    warnings: [],
    ignoredHeaders: [],
  };

  constructor(private readonly options: RowBatcherOptions) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.keep = options.keepMessages ?? KEPT_MESSAGES;
  }

  get hasHeader(): boolean {
    return this.columns !== null;
  }

  /** The header row once one was read (also when its mapping was refused). */
  get header(): HeaderInfo | null {
    return this.headerInfo;
  }

  /** Whether candidates wait for the next batch. */
  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /**
   * A row before the header: blank rows are skipped ('blank'); the first other row is the header,
   * whose mapping must read an email and a name column.
   */
  readHeader(values: readonly unknown[], rowNumber = 1): HeaderResult | 'blank' {
    if (!values.some((value) => cellText(value) !== '')) return 'blank';
    const signature = headerSignature(values);
    const auto = resolveColumns(values);
    const given = this.options.columns ?? this.options.remembered?.get(signature) ?? null;
    const origin: MappingOrigin = this.options.columns ? 'chosen' : given ? 'remembered' : 'auto';
    const { columns, ignoredHeaders } = given ? resolveColumns(values, given) : auto;
    this.headerInfo = { row: rowNumber, headers: values.map(headerText), signature, columns, autoColumns: auto.columns, origin };
    const missing = missingRequiredColumns(columns);
    if (missing.length > 0) {
      const what = missing.map((field) => (field === 'email' ? 'an email column' : 'a name column')).join(' and ');
      return { ok: false, message: `The first row must be column headers, with ${what} (e.g. "Name", "Email").` };
    }
    this.columns = columns;
    this.totals.ignoredHeaders = ignoredHeaders;
    return { ok: true };
  }

  /**
   * One data row, numbered as the spreadsheet numbers it (first row = 1). Returns a batch when one
   * is full.
   */
  add(values: readonly unknown[], rowNumber: number): RowBatch | null {
    if (!this.columns) throw new Error('readHeader must accept a header first');
    this.totals.dataRows += 1;
    const result = mapRow(this.columns, values, rowNumber, { timeZone: this.options.timeZone });
    if (result.kind === 'blank') this.totals.blankRows += 1;
    else if (result.kind === 'error') {
      this.addError(result.row, result.message, result.field);
      this.options.observe?.({ kind: 'error', row: result.row, field: result.field, message: result.message });
    } else {
      // The row as the import mutation takes it (in this worker, not on the main thread as it stores).
      const checked = checkImportRow(providedFields(result));
      if (!checked.ok) {
        const message = `Row ${result.row}: ${checked.reason}`;
        this.addError(result.row, message, checked.field);
        this.options.observe?.({ kind: 'error', row: result.row, field: checked.field, message });
        return null;
      }
      this.totals.candidates += 1;
      this.options.observe?.({ kind: 'candidate', row: result.row, values: checked.row, warnings: result.warnings });
      for (const warning of result.warnings) this.addWarning(warning);
      this.pending.push({ row: result.row, values: checked.row });
      if (this.pending.length >= this.batchSize) return this.flush();
    }
    return null;
  }

  addError(row: number, message: string, field: string | null = null): void {
    this.totals.errorCount += 1;
    if (this.totals.errors.length < this.keep) this.totals.errors.push({ row, field, message });
  }

  private addWarning(message: string): void {
    this.totals.warningCount += 1;
    if (this.totals.warnings.length < this.keep) this.totals.warnings.push(message);
  }

  /** The rows gathered so far as a batch, or null when there are none. */
  flush(): RowBatch | null {
    if (!this.pending.length) return null;
    const candidates = this.pending;
    this.pending = [];
    return {
      rows: candidates.map((pending) => pending.values),
      rowNumbers: candidates.map((pending) => pending.row),
    };
  }
}
