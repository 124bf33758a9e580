/**
 * Reads one uploaded spreadsheet in a worker thread the server can cut off (memory and time limits set
 * by spreadsheet-parser.ts), with the device's own reader (shared/import/reader/read-file.ts): the same
 * encodings, header rule, row numbers, row mapping and messages as an import on a device. The built-in
 * prototypes are frozen before any parser loads, so a crafted file cannot pollute them. Only plain
 * messages leave, by structured clone.
 *
 * Plain JavaScript, so it starts the same way under `npm start`, Vitest and plain Node; it loads the
 * TypeScript reader through tsx's loader (registered here unless the process already has it).
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const READER = new URL('../../../../shared/import/reader/read-file.ts', import.meta.url).href;

async function loadReader() {
  try {
    return await import(READER);
  } catch (error) {
    if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
    const { register } = await import('tsx/esm/api');
    register();
    // A new URL: the failed import stays in the module map.
    return import(`${READER}?tsx`);
  }
}

const { path, kind, timeZone, limits } = workerData;
try {
  const { readSpreadsheetFile } = await loadReader();
  Object.freeze(Object.prototype);
  Object.freeze(Array.prototype);
  Object.freeze(Function.prototype);
  const port = { send: (message) => parentPort.postMessage(message), room: async () => {} };
  await readSpreadsheetFile(new Blob([readFileSync(path)]), kind, timeZone, port, limits);
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: `could not be read (${error instanceof Error ? error.message : String(error)})`, totals: null });
}
