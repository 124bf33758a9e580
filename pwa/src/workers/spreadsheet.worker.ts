/**
 * The spreadsheet worker: reads one uploaded file off the main thread (shared/import/reader): streams
 * batches of import rows back for an import, or the file's preview and counts, after which the import
 * may take the batches the preview kept (spreadsheet/jobs.ts). The prototypes are frozen first
 * (spreadsheet/harden.ts), before papaparse loads and long before SheetJS does (it is imported only
 * when a workbook is read).
 */
import './spreadsheet/harden';
import type { MainToWorker, WorkerToMain } from '@shared/import/reader/protocol';
import { spreadsheetJobs } from './spreadsheet/jobs';

const scope = self as unknown as {
  postMessage(message: WorkerToMain): void;
  onmessage: ((event: MessageEvent<MainToWorker>) => void) | null;
};

const handle = spreadsheetJobs((message) => scope.postMessage(message));
scope.onmessage = (event) => handle(event.data);
