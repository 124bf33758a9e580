/**
 * For browser tests of the import: spreadsheet files built in the test (CSV text in any encoding,
 * workbooks through the installed `xlsx`), reading the device database straight from IndexedDB, and
 * driving the import dialog.
 */
import { writeFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { fromStoredCandidate } from '../../src/db/stored-candidate';
import { BLOCKS_TABLE } from '../../src/db/candidate-blocks';
import { WITH_SERVICE_WORKER, type BrowserApp } from './browser-app';
import { ADMIN, expectToast, signInThroughUi } from './ui';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export function csvFile(name: string, lines: string[], encoding: 'utf-8' | 'utf-16le' | 'windows-1252' = 'utf-8'): UploadFile {
  const text = `${lines.join('\r\n')}\r\n`;
  let buffer: Buffer;
  if (encoding === 'utf-16le') buffer = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  else if (encoding === 'windows-1252') {
    // Latin-1 letters have the same byte in Windows-1252; anything else would be a test mistake.
    if ([...text].some((ch) => ch.charCodeAt(0) > 0xff)) throw new Error('not representable in Windows-1252');
    buffer = Buffer.from(text, 'latin1');
  } else buffer = Buffer.from(text, 'utf8');
  return { name, mimeType: 'text/csv', buffer };
}

/** A workbook of one sheet ('Candidates') of `rows`, or of several named sheets in the order given. */
export function workbookFile(name: string, rows: unknown[][] | Record<string, unknown[][]>, bookType: XLSX.BookType = 'xlsx'): UploadFile {
  const book = XLSX.utils.book_new();
  const sheets = Array.isArray(rows) ? { Candidates: rows } : rows;
  for (const [sheet, sheetRows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheetRows), sheet);
  const buffer = XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

/** A CSV of `rows` generated rows written straight to disk (for files too big to hold as test data). */
export function writeBigCsv(path: string, rows: number, makeRow: (i: number) => string, header: string): number {
  const chunk: string[] = [header];
  let bytes = 0;
  writeFileSync(path, '');
  const flush = () => {
    const text = `${chunk.join('\n')}\n`;
    writeFileSync(path, text, { flag: 'a' });
    bytes += Buffer.byteLength(text);
    chunk.length = 0;
  };
  for (let i = 0; i < rows; i += 1) {
    chunk.push(makeRow(i));
    if (chunk.length >= 5000) flush();
  }
  flush();
  return bytes;
}

export interface DeviceCandidate {
  uid: string;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  status: string;
  source: string | null;
  notes: string;
  deletedAt: string | null;
}

/**
 * The candidate rows on the device, straight from IndexedDB, as the tables store them: the candidates
 * store's records and the rows of its blocks (pwa/src/db/candidate-blocks.ts: a new device keeps what it
 * pulls there), less the rows that have left them (their gone lists: GoneRecord there). Counted in the
 * page, and only the rows with `emailKey` read (the table's through its index) and sent back: all of
 * them sent, a 50 MB import's rows took 16-19 s per read to reach the test.
 */
function storedCandidates(page: Page, emailKey: string | null): Promise<{ count: number; rows: unknown[] }> {
  return page.evaluate(
    ({ blocksStore, emailKey }) =>
      new Promise<{ count: number; rows: unknown[] }>((resolve, reject) => {
        const open = indexedDB.open('rephire');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['candidates', blocksStore]);
          const table = tx.objectStore('candidates');
          const count = table.count();
          const rows = emailKey === null ? null : table.index('emailKey').getAll(emailKey);
          const blocks = tx.objectStore(blocksStore).getAll();
          tx.onerror = () => reject(tx.error);
          tx.oncomplete = () => {
            db.close();
            // A block's rows, less those its gone list (keyed by the block's number, negated) names.
            const records = blocks.result as Array<{ n: number; rows?: Array<{ uid: string; emailKey: string }>; gone?: string[] }>;
            const gone = new Set(records.flatMap((record) => (record.gone ?? []).map((uid) => `${-record.n}:${uid}`)));
            const inBlocks = records.flatMap((record) => (record.rows ?? []).filter((row) => !gone.has(`${record.n}:${row.uid}`)));
            resolve({
              count: count.result + inBlocks.length,
              rows: rows ? [...rows.result, ...inBlocks.filter((row) => row.emailKey === emailKey)] : [],
            });
          };
        };
      }),
    { blocksStore: BLOCKS_TABLE, emailKey },
  );
}

/**
 * Live candidates on the device with this email (trimmed, lower-cased), straight from IndexedDB: the
 * rows as the tables store them, read back here with the app's own rule (pwa/src/db/stored-candidate.ts).
 */
export async function deviceCandidatesByEmail(page: Page, email: string): Promise<DeviceCandidate[]> {
  const { rows } = await storedCandidates(page, email.trim().toLowerCase());
  return rows.map((row) => fromStoredCandidate(row) as DeviceCandidate).filter((row) => !row.deletedAt);
}

/** How many rows a device table holds (the candidates': its blocks' rows too). */
export async function deviceCount(page: Page, table: 'candidates' | 'outbox'): Promise<number> {
  if (table === 'candidates') return (await storedCandidates(page, null)).count;
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('rephire');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction(name).objectStore(name).count();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
        };
      }),
    table,
  );
}

/** Opens the dialog from the top bar and chooses files (paths or in-memory files). */
export async function chooseFilesToImport(page: Page, files: UploadFile[] | string[]): Promise<Locator> {
  const dialog = await openImportDialog(page);
  await page.locator('input[type=file]').setInputFiles(files as UploadFile[]);
  return dialog;
}

/** The dialog (its role element has no box of its own: visibility is checked on its title). */
export async function openImportDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Import Candidates' });
  const title = dialog.getByRole('heading', { name: 'Import Candidates' });
  if (!(await title.isVisible())) {
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    await title.waitFor();
  }
  return dialog;
}

/** The preview of a file waiting to be imported (ImportPreview), once it is read. */
export async function filePreview(dialog: Locator, name: string): Promise<Locator> {
  const preview = dialog.getByRole('region', { name: `Preview of ${name}`, exact: true });
  await preview.and(dialog.locator('[data-preview="ready"], [data-preview="failed"]')).waitFor();
  return preview;
}

/** The preview's counts line once the whole file is counted. */
export async function previewCounts(preview: Locator): Promise<string> {
  const counts = preview.locator('[data-preview-counts]');
  await counts.filter({ hasNotText: 'Counting rows…' }).waitFor();
  return ((await counts.textContent()) ?? '').trim();
}

/** The listed file's status (pending, uploading, success, error) and its result line. */
export async function fileItem(dialog: Locator, name: string) {
  const item = dialog.getByRole('listitem', { name, exact: true });
  const result = item.locator('[data-result]');
  return {
    status: await item.getAttribute('data-status'),
    result: (await result.count()) ? ((await result.textContent())?.trim() ?? null) : null,
    progress: Number(await item.getByRole('progressbar').getAttribute('aria-valuenow')),
  };
}

/**
 * Waits for the run's toast and closes it. Clicking the toast counts as a click outside the modal
 * dialog, which closes it; the dialog keeps its files and summary, so open it again to look.
 */
export async function expectRunToast(page: Page, title: string, description: string) {
  await expectToast(page, title, description);
  await openImportDialog(page);
}

/**
 * A device signed in as the admin, on the Dashboard of a fresh page that the service worker controls:
 * it can open any screen offline from then on.
 */
export async function signedInUnderServiceWorker(app: BrowserApp): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext(WITH_SERVICE_WORKER);
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) throw new Error('the service worker does not control the page after a reload');
  return { context, page };
}

/**
 * Signed in, the service worker in control, `whileOnline` done (e.g. waiting for rows to arrive), then
 * the network cut. The import dialog is not opened.
 */
export async function offlineDevice(app: BrowserApp, whileOnline?: (page: Page) => Promise<unknown>): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await signedInUnderServiceWorker(app);
  await whileOnline?.(page);
  await context.setOffline(true);
  await page.getByRole('button', { name: /^Sync: Offline/ }).waitFor();
  return { context, page };
}

/** Clicks Import Candidates in the dialog (after the preview), which starts the run. */
export async function runImport(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Import Candidates' });
  await dialog.getByRole('button', { name: 'Import Candidates' }).click();
  return dialog;
}
