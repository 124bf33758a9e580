/**
 * The import dialog's preview and Undo, offline: the counts a file will produce, a column mapped by
 * hand and remembered for the same headers, a workbook's sheet picker, and an import undone from Recent
 * imports, after which sync leaves the server exactly as it was. Files read and refused, encodings and
 * the 50 MB CSV are in import.browser.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDevice } from '../../sync-server/tests/helpers/sync-device';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import {
  chooseFilesToImport,
  csvFile,
  deviceCandidatesByEmail,
  deviceCount,
  expectRunToast,
  fileItem,
  filePreview,
  offlineDevice,
  previewCounts,
  runImport,
  signedInUnderServiceWorker,
  workbookFile,
} from './support/import-kit';
import { adminApi, expectToast } from './support/ui';

let app: BrowserApp;
beforeAll(async () => {
  app = await startBrowserApp();
  await adminApi(app);
});
afterAll(() => app?.close());

describe('the preview before importing', () => {
  it('shows the counts, imports a column mapped by hand, and remembers the mapping for the same headers, offline', async () => {
    const { context, page } = await offlineDevice(app);
    const dialog = await chooseFilesToImport(page, [csvFile('existing.csv', ['Name,Email', 'Existing Person,existing.person@example.com'])]);
    const existing = await filePreview(dialog, 'existing.csv');
    expect(await previewCounts(existing)).toBe('Will import: 1 new, 0 updated, 0 rows with errors');
    await runImport(page);
    await expectRunToast(page, 'Import Complete', 'Processed 1 candidates: 1 new, 0 updated.');

    // An existing email, a bad row, and an email the file repeats (folded into one candidate: an update).
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.locator('input[type=file]').setInputFiles([
      csvFile('hand-mapped.csv', [
        'Full Name,Email,Best number',
        'Hand Mapped,hand.mapped@example.com,415-555-0111',
        'Existing Person,EXISTING.person@example.com,415-555-0112',
        'Bad Row,not-an-email,415-555-0113',
        'Hand Mapped,hand.mapped@example.com,',
      ]),
    ]);
    const preview = await filePreview(dialog, 'hand-mapped.csv');
    expect(await preview.getByText('Header row: 1').count()).toBe(1);
    expect(await previewCounts(preview)).toBe('Will import: 1 new, 2 updated, 1 row with errors');
    const bestNumber = preview.getByLabel('Field for Best number');
    expect(await bestNumber.inputValue()).toBe('');
    expect(await preview.getByLabel('Field for Full Name').inputValue()).toBe('name');
    const rows = preview.getByRole('group', { name: 'First rows of hand-mapped.csv' }).locator('tbody tr');
    expect(await rows.allTextContents()).toEqual([
      '2Hand Mappedhand.mapped@example.com',
      '3Existing PersonEXISTING.person@example.com',
      '4invalid email "not-an-email"',
      '5Hand Mappedhand.mapped@example.com',
    ]);

    await bestNumber.selectOption({ label: 'Phone' });
    await rows.first().filter({ hasText: '415-555-0111' }).waitFor();
    expect(await previewCounts(preview)).toBe('Will import: 1 new, 2 updated, 1 row with errors');
    // One worker per preview (the file's, then the hand-mapped one's); the import takes the rows the last
    // one kept instead of starting a worker to read the file again.
    expect(workers).toHaveLength(2);
    await runImport(page);
    await expectRunToast(page, 'Import Complete', 'Processed 3 candidates: 1 new, 2 updated.');
    expect(workers).toHaveLength(2);
    expect(await fileItem(dialog, 'hand-mapped.csv')).toMatchObject({ status: 'success', result: '1 new, 2 updated, 1 row skipped' });
    expect(await deviceCandidatesByEmail(page, 'hand.mapped@example.com')).toEqual([expect.objectContaining({ phone: '415-555-0111' })]);
    expect(await deviceCandidatesByEmail(page, 'existing.person@example.com')).toEqual([expect.objectContaining({ phone: '415-555-0112' })]);

    // The next file with the same headers (spelt a little differently) gets the hand-made mapping.
    await page.locator('input[type=file]').setInputFiles([csvFile('same-headers.csv', ['full name,E-MAIL,Best Number', 'Next File,next.file@example.com,415-555-0114'])]);
    const next = await filePreview(dialog, 'same-headers.csv');
    expect(await next.getByLabel('Field for Best Number').inputValue()).toBe('phone');
    await next.getByText('Using the columns you chose before for a file with these headers.').waitFor();
    expect(await previewCounts(next)).toBe('Will import: 1 new, 0 updated, 0 rows with errors');
    await runImport(page);
    await expectRunToast(page, 'Import Complete', 'Processed 1 candidates: 1 new, 0 updated.');
    expect(await deviceCandidatesByEmail(page, 'next.file@example.com')).toEqual([expect.objectContaining({ phone: '415-555-0114' })]);
    await context.close();
  });

  it('imports the sheet chosen in a workbook with two sheets', async () => {
    const { context, page } = await offlineDevice(app);
    const dialog = await chooseFilesToImport(page, [
      workbookFile('two-sheets.xlsx', {
        'Read me': [['How to use this workbook'], ['The applicants are on the next sheet.']],
        Applicants: [
          ['Name', 'Email', 'Phone'],
          ['Second Sheet', 'second.sheet@example.com', '415-555-0120'],
          ['Also Second', 'also.second@example.com', ''],
        ],
      }),
    ]);
    const preview = await filePreview(dialog, 'two-sheets.xlsx');
    const sheet = preview.getByLabel('Sheet', { exact: true });
    expect(await sheet.inputValue()).toBe('Read me');
    expect(await sheet.locator('option').allTextContents()).toEqual(['Read me', 'Applicants']);
    await preview.getByText('Nothing can be imported with these columns').waitFor();

    await sheet.selectOption('Applicants');
    await preview.getByText('Second Sheet').waitFor();
    expect(await previewCounts(preview)).toBe('Will import: 2 new, 0 updated, 0 rows with errors');
    await runImport(page);
    await expectRunToast(page, 'Import Complete', 'Processed 2 candidates: 2 new, 0 updated.');
    expect(await deviceCandidatesByEmail(page, 'second.sheet@example.com')).toEqual([expect.objectContaining({ name: 'Second Sheet', phone: '415-555-0120' })]);
    expect(await deviceCandidatesByEmail(page, 'also.second@example.com')).toHaveLength(1);
    await context.close();
  });
});

describe('undoing an import', () => {
  it('undoes a synced import offline from Recent imports; after sync the server holds exactly what it held before', async () => {
    const device = new TestDevice(await adminApi(app));
    await device.push([
      device.mutation('candidate.create', {
        uid: crypto.randomUUID(),
        name: 'Undo Known',
        email: 'undo.known@example.com',
        phone: '555-0100',
        location: 'Austin',
        status: 'screening',
        source: 'Zapier',
        skills: '',
        notes: 'Met at the fair',
      }),
    ]);
    const liveRows = () =>
      app.db
        .knex('candidates')
        .whereNull('deleted_at')
        .orderBy('uid')
        .select('uid', 'name', 'email', 'phone', 'location', 'status', 'status_changed_at', 'source', 'experience', 'skills', 'notes', 'applied_date');
    const before = await liveRows();

    // The Candidates page is opened offline: its code must come from the service worker. A fresh page
    // besides: the sign-in's toast is not queued ahead of the import's.
    const { context, page } = await signedInUnderServiceWorker(app);
    await expect.poll(() => deviceCandidatesByEmail(page, 'undo.known@example.com').then((rows) => rows.length), { timeout: 15_000 }).toBe(1);
    const dialog = await chooseFilesToImport(page, [
      csvFile('undo.csv', [
        'Name,Email,Phone,Status,Notes',
        'Undo New,undo.new@example.com,555-0111,,',
        'Undo Known,undo.known@example.com,555-0199,Interviewed,Prefers remote',
      ]),
    ]);
    await runImport(page);
    await expectRunToast(page, 'Import Complete', 'Processed 2 candidates: 1 new, 1 updated.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => deviceCount(page, 'outbox'), { timeout: 30_000 }).toBe(0);
    expect(await app.db.knex('candidates').where({ email: 'undo.known@example.com' }).first()).toMatchObject({ phone: '555-0199', status: 'interview' });

    // Offline, from the Candidates page.
    await context.setOffline(true);
    await page.getByRole('button', { name: /^Sync: Offline/ }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    await page.getByText(/^Recent imports \(\d+\)$/).click();
    const entry = page.getByRole('list', { name: 'Recent imports' }).getByRole('listitem', { name: 'undo.csv' });
    await entry.getByRole('button', { name: 'Undo import' }).click();
    await expectToast(page, 'Import undone', 'Import undone: 1 candidate removed, 1 restored.');
    await entry.getByText('Import undone: 1 candidate removed, 1 restored.').waitFor();
    expect(await entry.getByRole('button', { name: 'Undo import' }).count()).toBe(0);
    expect(await deviceCandidatesByEmail(page, 'undo.new@example.com')).toEqual([]);
    expect((await deviceCandidatesByEmail(page, 'undo.known@example.com'))[0]).toMatchObject({ phone: '555-0100', status: 'screening', notes: 'Met at the fair' });

    await context.setOffline(false);
    await expect.poll(() => deviceCount(page, 'outbox'), { timeout: 30_000 }).toBe(0);
    expect(await liveRows()).toEqual(before);
    await context.close();
  });
});
