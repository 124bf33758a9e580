/**
 * The import dialog's words (spec 8, Import): the toasts after a run, the summary's error list (at most
 * three, then "...and N more errors") and each file's result line.
 */
import type { ToastInput } from '@/ui/toast/toast-queue';
import type { FileImportResult } from './import-file';

export interface ImportSummary {
  total: number;
  imported: number;
  updated: number;
  /** Strings that name their file; only the first ones of a big file are kept. */
  errors: string[];
  /** Every error, kept as text or not. */
  errorCount: number;
}

export const SHOWN_ERRORS = 3;

export function summarize(results: readonly FileImportResult[]): ImportSummary {
  return results.reduce<ImportSummary>(
    (sum, result) => ({
      total: sum.total + result.total,
      imported: sum.imported + result.imported,
      updated: sum.updated + result.updated,
      errors: [...sum.errors, ...result.errors],
      errorCount: sum.errorCount + result.errorCount,
    }),
    { total: 0, imported: 0, updated: 0, errors: [], errorCount: 0 },
  );
}

export function processedText({ total, imported, updated }: Pick<ImportSummary, 'total' | 'imported' | 'updated'>): string {
  return `Processed ${total} candidates: ${imported} new, ${updated} updated.`;
}

/** The errors the summary lists, and the line that counts the rest. */
export function shownErrors(summary: ImportSummary): { shown: string[]; more: string | null } {
  const shown = summary.errors.slice(0, SHOWN_ERRORS);
  const rest = Math.max(summary.errorCount, summary.errors.length) - shown.length;
  return { shown, more: rest > 0 ? `...and ${rest} more errors` : null };
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

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
