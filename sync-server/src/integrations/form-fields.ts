/**
 * Web-form submissions → a candidate arrival. Form tools name their fields freely ("Full Name",
 * "first_name", "E-mail", "Phone Number", "City", "Resume"…), so field names go through the same
 * forgiving header matching as spreadsheet columns (shared/import/column-mapping.ts), plus a few names
 * only forms use. Accepted shapes: flat fields (JSON or form-encoded), one level of nesting (Tally's
 * `data`, a `name: {first, last}` group) and a `fields: [{label, value}]` list. Values are read as
 * text; objects that are not one of those shapes are ignored, and nothing from the submission is used
 * as an object key.
 */
import { cellText } from '@shared/import/cell-values';
import { normalizeHeader, resolveColumns, type ImportField } from '@shared/import/column-mapping';
import type { CandidateArrival } from '@shared/schemas/candidate-api.schema';

export const DEFAULT_FORM_SOURCE = 'Form';
const MAX_FIELDS = 300;
const MAX_DEPTH = 2;

/** Names only form submissions use: a résumé pasted as text, and the name of the form tool. */
const FORM_ONLY_NAMES = new Map<string, 'resume' | 'formTool'>([
  ['resume', 'resume'],
  ['resumetext', 'resume'],
  ['cv', 'resume'],
  ['formtool', 'formTool'],
  ['formname', 'formTool'],
  ['form', 'formTool'],
  ['tool', 'formTool'],
  ['platform', 'formTool'],
]);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

function text(value: unknown): string {
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join(', ');
  return cellText(value);
}

/** The submission as (field name, value) pairs, in order. */
export function flattenFormFields(body: Record<string, unknown>): Array<[string, unknown]> {
  const pairs: Array<[string, unknown]> = [];
  const visit = (object: Record<string, unknown>, depth: number) => {
    for (const [key, value] of Object.entries(object)) {
      if (pairs.length >= MAX_FIELDS) return;
      if (Array.isArray(value) && normalizeHeader(key) === 'fields') {
        for (const item of value.slice(0, MAX_FIELDS)) {
          if (!isPlainObject(item)) continue;
          const label = [item.label, item.key, item.name, item.title].find((v) => typeof v === 'string' && v.trim());
          if (typeof label === 'string') pairs.push([label, item.value]);
        }
      } else if (isPlainObject(value)) {
        if (depth < MAX_DEPTH) visit(value, depth + 1);
      } else {
        pairs.push([key, value]);
      }
    }
  };
  visit(body, 0);
  return pairs;
}

const join = (parts: string[], separator: string) => parts.filter(Boolean).join(separator);

/** Maps a submission to candidate fields (only those it fills) and the form tool's name. */
export function mapFormSubmission(body: Record<string, unknown>, sourceFromQuery?: string): { arrival: Partial<CandidateArrival>; source: string } {
  const pairs = flattenFormFields(body);
  const { columns } = resolveColumns(pairs.map(([name]) => name));
  const field = (name: ImportField) => (columns[name] === undefined ? '' : text(pairs[columns[name]]![1]));
  const formOnly = (kind: 'resume' | 'formTool') =>
    pairs.find(([name, value]) => FORM_ONLY_NAMES.get(normalizeHeader(name)) === kind && text(value))?.[1];

  const years = field('yearsOfExperience');
  const fields: Partial<Record<keyof CandidateArrival, string>> = {
    name: field('name') || join([field('firstName'), field('lastName')], ' '),
    email: field('email'),
    phone: field('phone'),
    location: field('location') || join([field('city'), field('region'), field('country')], ', ') || field('address'),
    experience: join([field('experience') || text(formOnly('resume')), /^\d+(\.\d+)?\+?$/.test(years) ? `${years} years of experience` : years], '\n'),
    skills: field('skills'),
    notes: field('notes'),
    // As the form sent it; the shared schema reads the usual date formats (a date alone is that day).
    appliedDate: field('appliedDate'),
  };
  const arrival: Partial<CandidateArrival> = {};
  for (const [key, value] of Object.entries(fields) as Array<[keyof CandidateArrival, string]>) {
    if (value) (arrival as Record<string, string>)[key] = value;
  }
  const source = (field('source') || text(formOnly('formTool')) || sourceFromQuery?.trim() || DEFAULT_FORM_SOURCE).slice(0, 100);
  return { arrival, source };
}
