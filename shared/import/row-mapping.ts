/**
 * One spreadsheet row → one validated candidate, or a clear per-row error ('Row 7: missing email').
 * Row numbers are the spreadsheet's own: the header is row 1, the first data row is row 2.
 *
 * Decisions:
 * - The candidate object is built field by field from the mapped columns only; other columns are
 *   reported (`ignoredHeaders`), never copied.
 * - A row whose cells are all empty is skipped quietly (trailing blank lines are common).
 * - Email and name are required: a row without them is an error. A first and last name column are
 *   joined when there is no full-name column (or it is empty).
 * - An unrecognised status does not lose the row: the candidate gets the default status ('new') and
 *   the result carries a warning naming the word. Status words are read forgivingly (status-aliases.ts).
 * - An applied date that cannot be read is an error (silently dating the row today would lose it).
 * - `provided` lists the fields the row actually filled in. Creating a candidate uses all fields (with
 *   defaults); updating an existing one must only write `provided` fields, so empty cells never wipe
 *   data and a missing status never resets a hired candidate to new.
 */
import { deviceTimeZone } from '../format/time-zone';
import { type CandidateFields, candidateFieldsSchema, type CandidateFieldsInput } from '../schemas/candidate.schema';
import { isValidEmail } from '../candidates/email';
import { fieldInSentence } from '../candidates/field-labels';
import { cellText, parseDateCell } from './cell-values';
import { type ColumnMapping, type ImportField, missingRequiredColumns, resolveColumns } from './column-mapping';
import { parseStatusCell } from './status-aliases';

export type CandidateField = keyof CandidateFields;

export interface ImportedCandidate {
  row: number;
  candidate: CandidateFields;
  provided: readonly CandidateField[];
}

export interface RowError {
  row: number;
  /** The field(s) at fault, as the summary names them ('email', 'applied date'), when one is. */
  field: string | null;
  /** 'Row 5: invalid email "x"': the whole line the summary shows. */
  message: string;
}

export type RowResult =
  | ({ kind: 'candidate'; warnings: string[] } & ImportedCandidate)
  | ({ kind: 'error' } & RowError)
  | { kind: 'blank'; row: number };

export interface MapOptions {
  /** Zone for dates written without one; defaults to the runtime's zone. */
  timeZone?: string;
}

const SHOWN_VALUE_MAX = 60;

function quoted(text: string): string {
  return JSON.stringify(text.length > SHOWN_VALUE_MAX ? `${text.slice(0, SHOWN_VALUE_MAX)}…` : text);
}

function cell(values: readonly unknown[], columns: ColumnMapping, field: ImportField): string {
  const index = columns[field];
  return index === undefined ? '' : cellText(values[index]);
}

function joinNonEmpty(parts: string[], separator: string): string {
  return parts.filter(Boolean).join(separator);
}

/** Maps one data row. `columns` comes from `resolveColumns(headers).columns`, computed once per file. */
export function mapRow(columns: ColumnMapping, values: readonly unknown[], row: number, options: MapOptions = {}): RowResult {
  if (!values.some((value) => cellText(value) !== '')) return { kind: 'blank', row };
  const fail = (field: string | null, message: string): RowResult => ({ kind: 'error', row, field, message: `Row ${row}: ${message}` });

  const email = cell(values, columns, 'email');
  if (!email) return fail('email', 'missing email');
  if (!isValidEmail(email)) return fail('email', `invalid email ${quoted(email)}`);

  const name = cell(values, columns, 'name') || joinNonEmpty([cell(values, columns, 'firstName'), cell(values, columns, 'lastName')], ' ');
  if (!name) return fail('name', 'missing name');

  const input: CandidateFieldsInput = { name, email };
  const warnings: string[] = [];

  const phone = cell(values, columns, 'phone');
  if (phone) input.phone = phone;

  const location =
    cell(values, columns, 'location') ||
    joinNonEmpty([cell(values, columns, 'city'), cell(values, columns, 'region'), cell(values, columns, 'country')], ', ') ||
    cell(values, columns, 'address');
  if (location) input.location = location;

  const statusText = cell(values, columns, 'status');
  if (statusText) {
    const status = parseStatusCell(statusText);
    if (status) input.status = status;
    else warnings.push(`Row ${row}: unknown status ${quoted(statusText)}, set to new`);
  }

  if (columns.appliedDate !== undefined) {
    const date = parseDateCell(values[columns.appliedDate], options.timeZone ?? deviceTimeZone());
    if (date.kind === 'invalid') return fail('applied date', `invalid applied date ${quoted(date.text)}`);
    if (date.kind === 'date') input.appliedDate = date.iso;
  }

  const source = cell(values, columns, 'source');
  if (source) input.source = source;

  const years = cell(values, columns, 'yearsOfExperience');
  const yearsText = /^\d+(\.\d+)?\+?$/.test(years) ? `${years} years of experience` : years;
  const experience = joinNonEmpty([cell(values, columns, 'experience'), yearsText], '\n');
  if (experience) input.experience = experience;

  const skills = cell(values, columns, 'skills');
  if (skills) input.skills = skills;
  const notes = cell(values, columns, 'notes');
  if (notes) input.notes = notes;

  const parsed = candidateFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const labels = [...new Set(parsed.error.issues.map((issue) => issue.path[0] as CandidateField | undefined).filter((f) => f !== undefined))].map(
      (field) => fieldInSentence(String(field)),
    );
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path[0] as CandidateField | undefined;
      return field ? `${fieldInSentence(String(field))}: ${issue.message}` : issue.message;
    });
    return fail(labels.join(', ') || null, problems.join('; '));
  }
  return { kind: 'candidate', row, candidate: parsed.data, provided: Object.keys(input) as CandidateField[], warnings };
}

export interface MappedFile {
  candidates: ImportedCandidate[];
  errors: RowError[];
  warnings: string[];
  blankRows: number;
  /** Header texts no field uses. */
  ignoredHeaders: string[];
}

export type MapFileResult = ({ ok: true } & MappedFile) | { ok: false; message: string };

/**
 * Maps a whole sheet: the first row is the headers, the rest data. Fails as a whole (with a message
 * for the import summary) only when the headers lack an email or a name column.
 */
export function mapRows(sheet: readonly (readonly unknown[])[], options: MapOptions = {}): MapFileResult {
  const [headers = [], ...rows] = sheet;
  const { columns, ignoredHeaders } = resolveColumns(headers);
  const missing = missingRequiredColumns(columns);
  if (missing.length > 0) {
    const what = missing.map((field) => (field === 'email' ? 'an email column' : 'a name column')).join(' and ');
    return { ok: false, message: `The first row must be column headers, with ${what} (e.g. "Name", "Email").` };
  }
  const rowOptions = { timeZone: options.timeZone ?? deviceTimeZone() };
  const result: MappedFile = { candidates: [], errors: [], warnings: [], blankRows: 0, ignoredHeaders };
  rows.forEach((values, i) => {
    const mapped = mapRow(columns, values ?? [], i + 2, rowOptions);
    if (mapped.kind === 'blank') result.blankRows += 1;
    else if (mapped.kind === 'error') result.errors.push({ row: mapped.row, field: mapped.field, message: mapped.message });
    else {
      result.candidates.push({ row: mapped.row, candidate: mapped.candidate, provided: mapped.provided });
      result.warnings.push(...mapped.warnings);
    }
  });
  return { ok: true, ...result };
}

/** The fields of an imported row that may overwrite an existing candidate's values. */
export function providedFields(imported: ImportedCandidate): Partial<CandidateFields> {
  const fields: Partial<CandidateFields> = {};
  for (const key of imported.provided) (fields as Record<string, unknown>)[key] = imported.candidate[key];
  return fields;
}
