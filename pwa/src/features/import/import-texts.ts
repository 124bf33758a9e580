/**
 * The import dialog's words (spec 8, Import): the toasts after a run, the summary's totals and each
 * file's result line, and the preview's counts and field names. (The summary lists every error, not the spec's first three: issue 14.)
 */
import { etaText } from '@shared/format/eta';
import type { ToastInput } from '@/ui/toast/toast-queue';
import type { ImportField } from '@shared/import/column-mapping';
import type { ImportErrorLine } from '@shared/import/error-report';
import type { FileImportResult } from './import-file';
import type { ImportCounts } from './import-state';
import type { UndoSummary } from './import-history';

export interface ImportSummary {
  total: number;
  imported: number;
  updated: number;
  /** Strings that name their file; only the first ones of a big file are kept. */
  errors: string[];
  /** Every error, kept as text or not. */
  errorCount: number;
  /** Every error, file by file, for the list and the downloadable report. */
  report: ImportErrorLine[];
  /** The run, for its Undo (import-history.ts); absent before a run is summed up. */
  runId?: string;
}

export function summarize(results: readonly FileImportResult[]): ImportSummary {
  const summary: ImportSummary = { total: 0, imported: 0, updated: 0, errors: [], errorCount: 0, report: [] };
  for (const result of results) {
    summary.total += result.total;
    summary.imported += result.imported;
    summary.updated += result.updated;
    summary.errors.push(...result.errors);
    summary.errorCount += result.errorCount;
    // A loop, not a spread: a report can hold a hundred thousand lines.
    for (const line of result.report) summary.report.push(line);
  }
  return summary;
}

export function processedText({ total, imported, updated }: Pick<ImportSummary, 'total' | 'imported' | 'updated'>): string {
  return `Processed ${total} candidates: ${imported} new, ${updated} updated.`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The toast after a run: complete, partial, or failed (with the first failure's reason). */
export function completionToast(results: readonly FileImportResult[]): ToastInput {
  const summary = summarize(results);
  const failed = results.filter((result) => result.status === 'error');
  const failedText = `${failed.length} file(s) failed to import.`;
  if (failed.length === 0) return { title: 'Import Complete', description: processedText(summary) };
  if (failed.length < results.length) {
    return { title: 'Partial Import Success', description: `${processedText(summary)} ${failedText}` };
  }
  const reason = failed[0]!.errors[0];
  return { title: 'Import Failed', description: reason ? `${sentence(reason)} ${failedText}` : failedText, variant: 'destructive' };
}

/** A file's line under its name once done. */
export function fileResultText(result: FileImportResult): string {
  const rows = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
  if (result.failure) {
    const failure = capitalize(result.failure);
    if (result.total === 0) return sentence(failure);
    return `${failure.replace(/\.$/, '')}; ${result.imported} new, ${result.updated} updated before it stopped.`;
  }
  if (result.status === 'error') return `No candidates imported: ${rows(result.rowErrors)} with errors.`;
  const skipped = result.rowErrors > 0 ? `, ${rows(result.rowErrors)} skipped` : '';
  return `${result.imported} new, ${result.updated} updated${skipped}`;
}

/** A reader's failure message ('the file is empty') as a sentence to show ('The file is empty.'). */
export function failureSentence(text: string): string {
  return sentence(capitalize(text));
}

/** What the preview says importing a file will do. */
export function previewCountsText({ created, updated, errors }: ImportCounts): string {
  return `${created} new, ${updated} updated, ${errors} ${errors === 1 ? 'row' : 'rows'} with errors`;
}

/** What each import field is called in the preview's column choices. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  city: 'City',
  region: 'State or region',
  country: 'Country',
  address: 'Address',
  status: 'Status',
  appliedDate: 'Applied date',
  source: 'Source',
  experience: 'Experience',
  yearsOfExperience: 'Years of experience',
  skills: 'Skills',
  notes: 'Notes',
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "1 candidate", "12,000 candidates". */
export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What an import's Undo did: "Import undone: 12 candidates removed, 3 restored." */
export function undoneText({ removed, restored }: UndoSummary): string {
  return `Import undone: ${count(removed, 'candidate')} removed, ${restored.toLocaleString('en-US')} restored.`;
}

/** Candidates an Undo left as they were because they changed since the import. */
export function keptText({ keptCount }: UndoSummary): string | null {
  if (!keptCount) return null;
  return `${count(keptCount, 'candidate')} changed since the import kept ${keptCount === 1 ? 'that change' : 'those changes'}:`;
}

/** A kept candidate's fields as a person reads them: "Ana Ruiz (phone, status)", or "(changed since)" for one the import made. */
export function keptEntryText({ name, fields }: UndoSummary['kept'][number]): string {
  const labels = fields.map((field) => (field === '*' ? 'changed since, not removed' : (IMPORT_FIELD_LABELS as Record<string, string>)[field] ?? field));
  return `${name} (${labels.join(', ')})`;
}

/** While a file is imported: "Read 45,000 rows · saved 40,000 · about 20 s left". */
export function rowsProgressText(rows: { read: number; saved: number }, percent: number, elapsedMs: number): string {
  const eta = etaText(percent, 100, elapsedMs);
  return `Read ${count(rows.read, 'row')} · saved ${rows.saved.toLocaleString('en-US')}${eta ? ` · ${eta}` : ''}`;
}
