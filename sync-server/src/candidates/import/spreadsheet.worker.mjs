/**
 * Reads one uploaded spreadsheet in a worker thread the server can cut off (memory and time limits set
 * by spreadsheet-parser.ts), with the device's own reader (shared/import/reader/read-file.ts, bundled
 * into one module by reader-bundle.ts, whose URL comes in workerData): the same encodings, header rule,
 * row numbers, row mapping and messages as an import on a device. The built-in prototypes are frozen
 * once the reader is loaded and before it reads anything, so a crafted file cannot pollute them. Only
 * plain messages leave, by structured clone.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { reader, path, kind, timeZone, limits } = workerData;
try {
  const { readSpreadsheetFile } = await import(reader);
  Object.freeze(Object.prototype);
  Object.freeze(Array.prototype);
  Object.freeze(Function.prototype);
  const port = { send: (message) => parentPort.postMessage(message), room: async () => {} };
  await readSpreadsheetFile(new Blob([readFileSync(path)]), kind, timeZone, port, limits);
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: `could not be read (${error instanceof Error ? error.message : String(error)})`, totals: null });
}
