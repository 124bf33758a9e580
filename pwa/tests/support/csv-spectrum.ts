/**
 * The csv-spectrum corpus (npm `csv-spectrum`): small CSV files covering the hard parts of the format
 * (quoted commas, escaped quotes, quoted line breaks, CRLF, empty fields, UTF-8), each with the records
 * it must parse to. Used by the parse-layer tests of the device and the server, and turned into
 * candidate files (known column headers plus an email column) for end-to-end imports.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface SpectrumCase {
  name: string;
  csv: Buffer;
  /** The corpus's expected records, header → value. */
  expected: Array<Record<string, string>>;
  /** Fields whose expected value is known to be wrong upstream, with the value the CSV really holds. */
  upstreamErrata: Record<string, string>;
}

const corpusDir = path.dirname(createRequire(import.meta.url).resolve('csv-spectrum/package.json'));

/**
 * Two defects of the corpus itself, reported upstream and left as they are: location_coordinates.json
 * holds a bare object rather than an array of one record (max-mapper/csv-spectrum#22), and its phone
 * number (1234567890) is not the one in the CSV (2095257564; max-mapper/csv-spectrum#20). The first is
 * only a container: the record is compared as the one it is. The second is kept as an erratum: every
 * other field is compared with the expected JSON, and that field with the CSV's own text.
 */
const ERRATA: Record<string, Record<string, string>> = {
  location_coordinates: { 'Contact Phone Number': '2095257564' },
};

export function spectrumCorpus(): SpectrumCase[] {
  const names = readdirSync(path.join(corpusDir, 'csvs'))
    .filter((file) => file.endsWith('.csv'))
    .map((file) => file.slice(0, -'.csv'.length))
    .sort();
  return names.map((name) => {
    const json = JSON.parse(readFileSync(path.join(corpusDir, 'json', `${name}.json`), 'utf8')) as unknown;
    return {
      name,
      csv: readFileSync(path.join(corpusDir, 'csvs', `${name}.csv`)),
      expected: (Array.isArray(json) ? json : [json]) as Array<Record<string, string>>,
      upstreamErrata: ERRATA[name] ?? {},
    };
  });
}

/** The corpus's expected records with the errata's values in place of the known-wrong ones. */
export function expectedRecords(testCase: SpectrumCase): Array<Record<string, string>> {
  return testCase.expected.map((record) => ({ ...record, ...testCase.upstreamErrata }));
}

/**
 * Parsed rows (header row first) as header → value records. Rows with no text in any cell are
 * dropped: an empty line (e.g. after the last line break) is not a record, and the import skips such
 * rows as blank on both the device and the server.
 */
export function rowsToRecords(rows: readonly (readonly unknown[])[]): Array<Record<string, unknown>> {
  const [header = [], ...data] = rows;
  return data
    .filter((row) => row.some((cell) => cell !== ''))
    .map((row) => Object.fromEntries(header.map((name, i) => [String(name), row[i]])));
}

/** Candidate columns given to the corpus's columns, in order; the import reads each as plain text. */
export const CANDIDATE_COLUMNS = ['Name', 'Notes', 'Location', 'Skills', 'Source'] as const;

export const spectrumEmail = (caseName: string, index: number) => `${caseName.replace(/_/g, '-')}-${index}@spectrum.io`;

/**
 * A corpus file as a candidate file: its header renamed to CANDIDATE_COLUMNS and an Email column
 * appended to every record, the records' own bytes (quoting, line breaks, encoding) untouched. A record
 * ends at a line break outside quotes, that is, after an even number of quote characters.
 */
export function asCandidateFile(testCase: SpectrumCase): string {
  const text = testCase.csv.toString('utf8');
  const records: string[] = [];
  let start = 0;
  let quotes = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '"') quotes += 1;
    if (text[i] === '\n' && quotes % 2 === 0) {
      records.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  const [header, ...data] = records.filter((record) => record.trim() !== '');
  const columns = header!.trim().split(',').length;
  const lineEnd = (record: string) => /\r?\n$/.exec(record)?.[0] ?? '\n';
  const body = (record: string) => record.replace(/\r?\n$/, '');
  const renamed = [...CANDIDATE_COLUMNS.slice(0, columns), 'Email'].join(',');
  return [
    renamed + lineEnd(header!),
    ...data.map((record, i) => `${body(record)},${spectrumEmail(testCase.name, i)}${lineEnd(record)}`),
  ].join('');
}

/** What the import stores for each record of `asCandidateFile`: each column's text, trimmed. */
export function expectedCandidates(testCase: SpectrumCase): Array<Record<string, string>> {
  return expectedRecords(testCase).map((record, i) => {
    const values = Object.values(record);
    const candidate: Record<string, string> = { email: spectrumEmail(testCase.name, i) };
    CANDIDATE_COLUMNS.slice(0, values.length).forEach((column, c) => {
      candidate[column.toLowerCase()] = values[c]!.trim();
    });
    return candidate;
  });
}
