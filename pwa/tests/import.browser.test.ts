/**
 * Importing spreadsheets on the device: offline, in a browser that never opened the import dialog
 * online (the dialog chunk, the parser worker and SheetJS come from the service worker's precache),
 * then synced to PostgreSQL. Bad files get clear messages and lose nothing else, every error of a
 * file is listed and downloadable; encodings and duplicates are handled; a 50 MB CSV streams through
 * without locking the page. The preview and Undo are in import-preview.browser.test.ts.
 */
import Papa from 'papaparse';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDevice } from '../../sync-server/tests/helpers/sync-device';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { tableNames } from './support/candidates';
import {
  chooseFilesToImport,
  csvFile,
  deviceCandidatesByEmail,
  deviceCount,
  expectRunToast,
  fileItem,
  offlineDevice,
  openImportDialog,
  runImport,
  workbookFile,
  writeBigCsv,
} from './support/import-kit';
import { adminApi, expectToast } from './support/ui';
import { workbookBytes, zipBombXlsx } from './support/hostile-files';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let app: BrowserApp;
let scratch: string;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
  scratch = mkdtempSync(path.join(tmpdir(), 'rephire-import-'));
});
afterAll(async () => {
  await app?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the parser offline', () => {
  it('is precached by the service worker: the worker chunk and the SheetJS chunk it loads', () => {
    const sw = readFileSync(path.join(root, 'pwa/dist/sw.js'), 'utf8');
    const assets = readdirSync(path.join(root, 'pwa/dist/assets'));
    const worker = assets.find((name) => /^spreadsheet\.worker-[\w-]+\.js$/.test(name));
    const sheetjs = assets.find((name) => /^xlsx-[\w-]+\.js$/.test(name));
    expect(worker).toBeDefined();
    expect(sheetjs).toBeDefined();
    expect(sw).toContain(`assets/${worker}`);
    expect(sw).toContain(`assets/${sheetjs}`);
    // The worker loads SheetJS from its own chunk (not bundled in), so CSV imports stay light.
    expect(readFileSync(path.join(root, 'pwa/dist/assets', worker!), 'utf8')).toContain(sheetjs!);
  });
});

describe('importing offline, then syncing', () => {
  it('imports a CSV and an xlsx offline with the spec summary, and sync puts them in PostgreSQL', async () => {
    // A candidate already on the server (from an integration): the file's row for it must update it.
    const device = new TestDevice(await adminApi(app));
    const pushed = await device.push([
      device.mutation('candidate.create', {
        uid: crypto.randomUUID(),
        name: 'Known Person',
        email: 'known.person@example.com',
        phone: '555-0100',
        status: 'hired',
        source: 'Zapier',
        skills: '',
        notes: '',
      }),
    ]);
    expect(pushed.status).toBe(200);

    const { context, page } = await offlineDevice(app, (online) =>
      expect.poll(() => deviceCandidatesByEmail(online, 'known.person@example.com').then((rows) => rows.length), { timeout: 15_000 }).toBe(1),
    );

    const csv = csvFile('people.csv', [
      'Full Name,E-mail,Mobile,City,Status',
      'Ana Cruz,ana.cruz@example.com,0917 123 4567,Manila,Interviewed',
      'Ben Ode,ben.ode@example.com,(949) 555-0101,Irvine,',
      'Known P. Updated, KNOWN.PERSON@example.com ,,Las Vegas,',
      'Ana Cruz,ANA.CRUZ@example.com,,,Offer',
    ]);
    const xlsx = workbookFile('people.xlsx', [
      ['Name', 'Email', 'Phone Number', 'Applied Date', 'Source'],
      ['Cy Dee', 'cy.dee@example.com', 9495550102, '2024-01-05', 'Craigslist'],
      ['Di Eve', 'di.eve@example.com', 9495550103, '2024-02-10', ''],
    ]);
    const dialog = await chooseFilesToImport(page, [csv, xlsx]);
    expect(await fileItem(dialog, 'people.csv')).toMatchObject({ status: 'pending', progress: 0 });
    await runImport(page);
    await expectRunToast(page, 'Import Complete', 'Processed 6 candidates: 4 new, 2 updated.');

    expect(await fileItem(dialog, 'people.csv')).toEqual({ status: 'success', result: '2 new, 2 updated', progress: 100 });
    expect(await fileItem(dialog, 'people.xlsx')).toEqual({ status: 'success', result: '2 new, 0 updated', progress: 100 });
    const summary = dialog.getByRole('region', { name: 'Import summary' });
    expect(await summary.locator('[data-summary]').allTextContents()).toEqual(['6', '4', '2']);
    // The run is over: the dialog ends with Done.
    await dialog.getByRole('button', { name: 'Done' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Import Candidates' }).count()).toBe(0);

    // On the device: duplicates updated, never added; updates keep what the file lacks.
    const [ana, ...moreAna] = await deviceCandidatesByEmail(page, 'ana.cruz@example.com');
    expect(moreAna).toEqual([]);
    expect(ana).toMatchObject({ name: 'Ana Cruz', phone: '0917 123 4567', location: 'Manila', status: 'offer', source: 'CSV Import' });
    const known = await deviceCandidatesByEmail(page, 'known.person@example.com');
    expect(known).toHaveLength(1);
    expect(known[0]).toMatchObject({ name: 'Known P. Updated', phone: '555-0100', location: 'Las Vegas', status: 'hired', source: 'Zapier' });
    expect((await deviceCandidatesByEmail(page, 'cy.dee@example.com'))[0]).toMatchObject({ phone: '9495550102', source: 'Craigslist' });
    expect((await deviceCandidatesByEmail(page, 'di.eve@example.com'))[0]).toMatchObject({ source: 'CSV Import' });
    expect(await deviceCount(page, 'outbox')).toBe(2);

    // The Candidates screen (never opened online either) lists them, still offline.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    await page.getByRole('heading', { name: 'Candidates Management' }).waitFor();
    await expect.poll(() => tableNames(page)).toEqual(expect.arrayContaining(['Ana Cruz', 'Ben Ode', 'Known P. Updated', 'Cy Dee', 'Di Eve']));
    expect((await tableNames(page)).filter((name) => name === 'Ana Cruz')).toHaveLength(1);

    // Back online: sync sends both import batches; PostgreSQL holds the same records.
    await context.setOffline(false);
    await expect.poll(() => deviceCount(page, 'outbox'), { timeout: 30_000 }).toBe(0);
    const emails = ['ana.cruz@example.com', 'ben.ode@example.com', 'known.person@example.com', 'cy.dee@example.com', 'di.eve@example.com'];
    const rows = await app.db
      .knex('candidates')
      .whereRaw(`lower(trim(email)) in (${emails.map(() => '?').join(', ')})`, emails)
      .whereNull('deleted_at');
    const byEmail = new Map(rows.map((row: { email: string }) => [row.email.trim().toLowerCase(), row]));
    expect([...byEmail.keys()].sort()).toEqual([...emails].sort());
    expect(rows).toHaveLength(5);
    expect(byEmail.get('ana.cruz@example.com')).toMatchObject({ name: 'Ana Cruz', status: 'offer', source: 'CSV Import', location: 'Manila' });
    expect(byEmail.get('known.person@example.com')).toMatchObject({ name: 'Known P. Updated', status: 'hired', source: 'Zapier', location: 'Las Vegas' });
    expect(byEmail.get('cy.dee@example.com')).toMatchObject({ source: 'Craigslist', phone: '9495550102' });
    expect(byEmail.get('di.eve@example.com')).toMatchObject({ source: 'CSV Import' });
    await context.close();
  });
});

describe('bad files', () => {
  it('says which files it refuses before importing', async () => {
    const { context, page } = await offlineDevice(app);
    await chooseFilesToImport(page, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expectToast(page, 'Invalid Files', 'Please upload CSV or Excel files only.');
    const dialog = await chooseFilesToImport(page, [
      csvFile('good.csv', ['Name,Email', 'Ok Person,ok@example.com']),
      { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50]) },
      { name: 'readme.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
    ]);
    await expectToast(page, 'Some files skipped', '2 unsupported files were ignored.');
    const listed = dialog.getByRole('list', { name: 'Selected files' }).getByRole('listitem');
    expect(await listed.count()).toBe(1);
    await dialog.getByRole('button', { name: 'Remove good.csv' }).click();
    expect(await listed.count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Import Candidates' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('gives each bad file a clear message and loses nothing else', async () => {
    const { context, page } = await offlineDevice(app);
    const noEmails = ['Name,Email,Phone'];
    for (let i = 0; i < 10_000; i += 1) noEmails.push(`Nobody ${i},,555${i}`);
    noEmails.push('Good One,good.one@example.com,', 'Good Two,good.two@example.com,', 'Good Three,good.three@example.com,');
    const junk = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919 + 13) % 256));
    const before = await deviceCount(page, 'candidates');
    const dialog = await chooseFilesToImport(page, [
      { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) },
      csvFile('headers-only.csv', ['Name,Email,Phone']),
      { name: 'junk.csv', mimeType: 'text/csv', buffer: junk },
      csvFile('no-emails.csv', noEmails),
    ]);
    await runImport(page);
    await expectRunToast(page, 'Partial Import Success', 'Processed 3 candidates: 3 new, 0 updated. 3 file(s) failed to import.');

    expect(await fileItem(dialog, 'empty.csv')).toMatchObject({ status: 'error', result: 'The file is empty.', progress: 100 });
    expect(await fileItem(dialog, 'headers-only.csv')).toMatchObject({ status: 'error', result: 'No candidates found below the header row.' });
    expect((await fileItem(dialog, 'junk.csv')).result).toBe(
      'This is not a CSV text file (it contains binary data); upload a CSV or Excel file.',
    );
    expect(await fileItem(dialog, 'no-emails.csv')).toMatchObject({ status: 'success', result: '3 new, 0 updated, 10000 rows skipped' });

    const summary = dialog.getByRole('region', { name: 'Import summary' });
    const errorRows = summary.getByTestId('import-errors').locator('tr');
    expect(await errorRows.evaluateAll((trs) => trs.slice(0, 4).map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))).toEqual([
      ['empty.csv', '—', '—', 'the file is empty'],
      ['headers-only.csv', '—', '—', 'no candidates found below the header row'],
      ['junk.csv', '—', '—', 'this is not a CSV text file (it contains binary data); upload a CSV or Excel file'],
      ['no-emails.csv', '2', 'email', 'missing email'],
    ]);
    // Ten thousand rows without an email: the first 2,000 listed, all of them in the report.
    expect(await errorRows.count()).toBe(2000);
    expect(await summary.textContent()).toContain('Errors (10,003)');
    expect(await summary.textContent()).toContain('the error report has all 10,003');
    expect(await deviceCount(page, 'candidates')).toBe(before + 3);
    expect(await deviceCandidatesByEmail(page, 'good.three@example.com')).toHaveLength(1);

    // A file whose every row is refused failed as a whole.
    await chooseFilesToImport(page, [csvFile('all-bad.csv', ['Name,Email', 'A,', 'B,not-an-email'])]);
    await runImport(page);
    await expectRunToast(page, 'Import Failed', 'all-bad.csv: Row 2: missing email. 1 file(s) failed to import.');
    expect(await fileItem(dialog, 'all-bad.csv')).toMatchObject({ status: 'error', result: 'No candidates imported: 2 rows with errors.' });
    await context.close();
  });
});

describe('the error report', () => {
  it('lists every error of a 10,000-row file with bad rows, downloads them all, and ends with Done', async () => {
    const { context, page } = await offlineDevice(app);
    const lines = ['Name,Email,Phone'];
    const bad = new Map<number, [string, string]>(); // spreadsheet row → [field, reason]
    for (let i = 0; i < 10_000; i += 1) {
      const row = i + 2;
      if (i % 200 === 7) {
        lines.push(`Missing ${i},,555${i}`);
        bad.set(row, ['email', 'missing email']);
      } else if (i % 200 === 77) {
        lines.push(`Bad ${i},not-an-email-${i},555${i}`);
        bad.set(row, ['email', `invalid email "not-an-email-${i}"`]);
      } else if (i % 200 === 177) {
        lines.push(`${'N'.repeat(201)},long.${i}@example.com,555${i}`);
        bad.set(row, ['name', 'name: Name must be at most 200 characters']);
      } else lines.push(`Person ${i},person.${i}@example.com,555${i}`);
    }
    const dialog = await chooseFilesToImport(page, [csvFile('with-bad-rows.csv', lines)]);
    await runImport(page);
    await expectRunToast(page, 'Import Complete', `Processed ${10_000 - bad.size} candidates: ${10_000 - bad.size} new, 0 updated.`);

    const summary = dialog.getByRole('region', { name: 'Import summary' });
    expect(await summary.textContent()).toContain(`Errors (${bad.size})`);
    const listed = await summary.getByTestId('import-errors').locator('tr').evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    const expected = [...bad].map(([row, [field, reason]]) => ['with-bad-rows.csv', String(row), field, reason]);
    expect(listed).toEqual(expected);

    const [download] = await Promise.all([page.waitForEvent('download'), summary.getByRole('button', { name: 'Download error report' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^import-errors-\d{4}-\d{2}-\d{2}\.csv$/);
    const report = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(report[0]).toEqual(['File', 'Row', 'Field', 'Reason']);
    expect(report.slice(1)).toEqual(expected);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.getByRole('heading', { name: 'Import Candidates' }).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('text encodings', () => {
  it('reads UTF-16 and Windows-1252 CSV files with accented names', async () => {
    const { context, page } = await offlineDevice(app);
    await chooseFilesToImport(page, [
      csvFile('unicode.csv', ['Name,Email,City', 'José Müller,jose@example.com,São Paulo', 'Zoë Ñúñez,zoe@example.com,Málaga'], 'utf-16le'),
      csvFile('ansi.csv', ['Name;Email;City', 'Françoise Lefèvre;francoise@example.com;Besançon', 'Renée Østergård;renee@example.com;Århus'], 'windows-1252'),
    ]);
    await runImport(page);
    await expectToast(page, 'Import Complete', 'Processed 4 candidates: 4 new, 0 updated.');
    const named = async (email: string) => (await deviceCandidatesByEmail(page, email)).map((c) => [c.name, c.location]);
    expect(await named('jose@example.com')).toEqual([['José Müller', 'São Paulo']]);
    expect(await named('zoe@example.com')).toEqual([['Zoë Ñúñez', 'Málaga']]);
    expect(await named('francoise@example.com')).toEqual([['Françoise Lefèvre', 'Besançon']]);
    expect(await named('renee@example.com')).toEqual([['Renée Østergård', 'Århus']]);
    await context.close();
  });
});

describe('a 50 MB CSV', () => {
  it('streams through while the app stays usable, and every row is stored', { timeout: 300_000 }, async () => {
    const rows = 20_000;
    const file = path.join(scratch, 'big.csv');
    const notes = 'Strong closer, territory sales, CRM. '.repeat(70);
    const bytes = writeBigCsv(file, rows, (i) => `Person ${i},person${i}@example.com,949555${String(i).padStart(4, '0')},Irvine,"${notes}${i}"`, 'Name,Email,Phone,Location,Notes');
    expect(bytes).toBeGreaterThan(50 * 1024 * 1024);

    const { context, page } = await offlineDevice(app);
    const before = await deviceCount(page, 'candidates');
    const dialog = await chooseFilesToImport(page, [file]);
    await runImport(page);
    await dialog.getByRole('button', { name: 'Importing...' }).waitFor();

    // While it runs: the dialog closes, another screen opens and works, the dialog comes back with
    // the file still importing (or done), its bar having moved.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Interviews' }).click();
    await page.getByRole('heading', { name: 'Interviews' }).waitFor();
    await openImportDialog(page);
    const item = await fileItem(dialog, 'big.csv');
    expect(['uploading', 'success']).toContain(item.status);
    expect(item.progress).toBeGreaterThan(0);

    await dialog.locator('li[aria-label="big.csv"]:not([data-status="uploading"])').waitFor({ timeout: 240_000 });
    await expectToast(page, 'Import Complete', `Processed ${rows} candidates: ${rows} new, 0 updated.`);
    expect(await deviceCount(page, 'candidates')).toBe(before + rows);
    const last = await deviceCandidatesByEmail(page, `person${rows - 1}@example.com`);
    expect(last[0]!.notes.endsWith(`${rows - 1}`)).toBe(true);
    await context.close();
  });
});

/**
 * The zip bomb through the real dialog and worker. The 200,000-row sheet is read by the same worker
 * code under Node (pwa/src/workers/spreadsheet/hostile-workbooks.test.ts): through the dialog it did
 * not finish within four minutes on a loaded 2-core machine, far over this suite's budget.
 */
describe('hostile workbooks in the dialog', () => {
  const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('refuses a zip bomb at once with a clear message, and imports a good file right after', async () => {
    const { context, page } = await offlineDevice(app);
    const dialog = await chooseFilesToImport(page, [
      { name: 'bomb.xlsx', mimeType: XLSX_TYPE, buffer: await zipBombXlsx(400) },
      { name: 'good.xlsx', mimeType: XLSX_TYPE, buffer: workbookBytes([['Name', 'Email'], ['After Bomb', 'after.bomb@example.com']]) },
    ]);
    await runImport(page);
    await expectRunToast(page, 'Partial Import Success', 'Processed 1 candidates: 1 new, 0 updated. 1 file(s) failed to import.');
    expect(await fileItem(dialog, 'bomb.xlsx')).toMatchObject({
      status: 'error',
      result: 'The workbook unpacks to more than 300 MB; save it as CSV and import that.',
    });
    expect(await deviceCandidatesByEmail(page, 'after.bomb@example.com')).toHaveLength(1);
    await context.close();
  });
});
