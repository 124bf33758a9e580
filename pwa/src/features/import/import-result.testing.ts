/** A file's import result for tests: a success with nothing in it, but for `overrides`. */
import type { FileImportResult } from './import-file';

export function importResult(overrides: Partial<FileImportResult> = {}): FileImportResult {
  return {
    status: 'success',
    total: 0,
    imported: 0,
    updated: 0,
    errors: [],
    errorCount: 0,
    report: [],
    rowErrors: 0,
    warnings: [],
    warningCount: 0,
    ignoredHeaders: [],
    failure: null,
    ...overrides,
  };
}
