/**
 * Candidates Management, changing candidates: Turn Down with its confirmation and note line, the row
 * status dropdown, the detail dialog (contents, Save Changes, Update, unsaved-edit guard, change
 * history), the kanban move by drag and by keyboard, and Add Candidate offline then online. Every
 * change is checked where it ends up: in PostgreSQL after the device syncs.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import {
  dismissToasts,
  hoursAgo,
  noteLinePattern,
  openCandidatesPage,
  seedServerCandidates,
  seeToast,
  serverCandidate,
  type SeedCandidate,
} from './support/candidates';
import { deviceCount } from './support/import-kit';
import { expectToast } from './support/ui';

const REAPPLIED = '[2024-01-05 10:30 PST] Candidate reapplied via Zapier';
const ROWS: SeedCandidate[] = [
  { name: 'Turner Down', email: 'turner@example.com', appliedDate: hoursAgo(30) },
  { name: 'Dana Dropdown', email: 'dana@example.com', appliedDate: hoursAgo(31) },
  {
    name: 'Dora Detail',
    email: 'dora@example.com',
    phone: '(949) 555-0199',
    location: 'Irvine, CA',
    source: 'Zapier',
    experience: '6 years selling SaaS to mid-market',
    skills: 'CRM, Cold calling',
    notes: `First contact\n${REAPPLIED}`,
    appliedDate: hoursAgo(32),
  },
  { name: 'Kim Kanban', email: 'kim@example.com', appliedDate: hoursAgo(33) },
  { name: 'Kai Keyboard', email: 'kai@example.com', appliedDate: hoursAgo(34) },
];

let app: BrowserApp;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  app = await startBrowserApp();
  await seedServerCandidates(app, ROWS);
  ({ context, page } = await openCandidatesPage(app, ROWS.length));
});
// The tests share one page: one that fails offline must not leave the next ones offline too.
afterEach(() => context?.setOffline(false));
afterAll(async () => {
  await context?.close();
  await app?.close();
});

const POLL = { timeout: 20_000, interval: 250 };
const fromServer = (email: string) => expect.poll(() => serverCandidate(app, email), POLL);

describe('table actions', () => {
  it('turns a candidate down after confirmation, with the turned-down note line', async () => {
    await page.getByRole('button', { name: 'Turn down Turner Down' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move to Turned Down?' });
    expect(await confirm.textContent()).toMatch(/record is kept, but marked as rejected/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Status of Turner Down').inputValue()).toBe('new');

    await page.getByRole('button', { name: 'Turn down Turner Down' }).click();
    await page.getByRole('dialog', { name: 'Move to Turned Down?' }).getByRole('button', { name: 'Turn Down' }).click();
    await expectToast(page, 'Candidate Turned Down', 'The candidate has been moved to the Turned Down stage');
    expect(await page.getByLabel('Status of Turner Down').inputValue()).toBe('rejected');
    expect(await page.getByRole('button', { name: 'Turn down Turner Down' }).isDisabled()).toBe(true);
    await fromServer('turner@example.com').toMatchObject({
      status: 'rejected',
      notes: expect.stringMatching(noteLinePattern('Candidate marked as turned down (status rejected)')),
    });
  });

  it('changes the status from the row dropdown with a dated note line', async () => {
    const options = await page.getByLabel('Status of Dana Dropdown').locator('option').allTextContents();
    expect(options).toEqual(['All Candidates', 'Interviewed', 'Hired', 'Turned Down']);
    await page.getByLabel('Status of Dana Dropdown').selectOption('interview');
    await expectToast(page, 'Status Updated', 'Candidate pipeline stage has been updated');
    await fromServer('dana@example.com').toMatchObject({
      status: 'interview',
      notes: expect.stringMatching(noteLinePattern('Status updated from new to interview')),
    });
  });

  it('undoes a turn down from its toast, offline, and the server ends as it was before', async () => {
    await dismissToasts(page);
    // The last test's change is on the server, but its entry leaves the outbox only with the pull that
    // confirms it: wait for that, so what is counted below is this test's alone.
    await expect.poll(() => deviceCount(page, 'outbox'), POLL).toBe(0);
    const before = await serverCandidate(app, 'dana@example.com');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Turn down Dana Dropdown' }).click();
    await page.getByRole('dialog', { name: 'Move to Turned Down?' }).getByRole('button', { name: 'Turn Down' }).click();
    const toast = page.locator('[data-toast]').filter({ hasText: 'Candidate Turned Down' });
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expectToast(page, 'Change undone', 'Dana Dropdown is back in Interviewed');
    expect(await page.getByLabel('Status of Dana Dropdown').inputValue()).toBe('interview');

    // Both changes wait on the device (counted before going online: a sync may empty the queue at once),
    // then reach the server; it ends exactly as it was: status, when that status began, notes.
    expect(await deviceCount(page, 'outbox')).toBe(2);
    await context.setOffline(false);
    await expect.poll(() => deviceCount(page, 'outbox'), POLL).toBe(0);
    await fromServer('dana@example.com').toMatchObject({ status: 'interview', notes: before.notes, statusChangedAt: before.statusChangedAt });
  });
});

describe('detail dialog', () => {
  const dialog = () => page.getByRole('dialog', { name: 'Dora Detail' });

  it('shows the candidate: contact with formatted phone and country, application, skills, history', async () => {
    await page.getByRole('button', { name: 'View Dora Detail' }).click();
    await dialog().getByText('Sales Representative Candidate').waitFor();
    const text = (await dialog().textContent()) ?? '';
    expect(text).toContain('dora@example.com');
    expect(text).toContain('(949) 555-0199');
    expect(await dialog().getByTestId('phone-country').textContent()).toBe('USA/Canada');
    expect(text).toContain('Irvine, CA');
    expect(text).toMatch(/Current stage\s*New/);
    expect(text).toMatch(/Source\s*Zapier/);
    expect(text).toContain('6 years selling SaaS to mid-market');
    expect(await dialog().getByRole('list', { name: 'Skills' }).getByRole('listitem').allTextContents()).toEqual(['CRM', 'Cold calling']);
    expect(text).toMatch(/Application History\s*\[2024-01-05 10:30 PST\]\s*Candidate reapplied via Zapier/);
    expect(await dialog().getByPlaceholder('Add notes about this candidate').inputValue()).toBe(`First contact\n${REAPPLIED}`);
  });

  it('asks before discarding unsaved notes (Escape or Close)', async () => {
    const notes = dialog().getByPlaceholder('Add notes about this candidate');
    await notes.fill('Not kept');
    await notes.press('Escape');
    const confirm = page.getByRole('dialog', { name: 'Discard changes?' });
    expect(await confirm.textContent()).toContain('Your edits to this candidate have not been saved.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await notes.inputValue()).toBe('Not kept');
    // Focus goes back into the candidate dialog, not to the page behind it.
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')?.textContent?.includes('Sales Representative Candidate')));
    await expect.poll(focusInDialog).toBe(true);
    await dialog().getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('saves edited notes with Save Changes, and Update changes the status with its note line', async () => {
    await page.getByRole('button', { name: 'View Dora Detail' }).click();
    const notes = dialog().getByPlaceholder('Add notes about this candidate');
    await notes.fill(`First contact\n${REAPPLIED}\nGreat second call`);
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Candidate Updated', 'Candidate information has been updated successfully');
    await dialog().waitFor({ state: 'detached' });
    await fromServer('dora@example.com').toMatchObject({ notes: `First contact\n${REAPPLIED}\nGreat second call` });

    await page.getByRole('button', { name: 'View Dora Detail' }).click();
    // The button reads the label then the value; the open list is announced as "Status".
    await dialog().getByRole('button', { name: 'Status New', exact: true }).click();
    await page.getByRole('listbox').waitFor();
    expect(await page.getByRole('listbox', { name: 'Status', exact: true }).getByRole('option').allTextContents()).toEqual(['New', 'Screening', 'Interview', 'Assessment', 'Offer', 'Hired', 'Rejected']);
    await page.getByRole('listbox').getByRole('option', { name: 'Offer' }).click();
    await dialog().getByRole('button', { name: 'Update' }).click();
    await seeToast(page, 'Status Updated', 'Candidate pipeline stage has been updated');
    await fromServer('dora@example.com').toMatchObject({
      status: 'offer',
      notes: expect.stringMatching(new RegExp(`Great second call\\n${noteLinePattern('Status updated from new to offer').source}$`)),
    });
    // The server's change history (online) shows the values those writes replaced.
    const history = dialog().getByRole('list', { name: 'Change history' });
    await expect.poll(async () => (await history.count()) && history.textContent(), POLL).toMatch(/Status changed by admin/);
    expect(await history.textContent()).toMatch(/Notes changed by admin.*Earlier value:\s*First contact/s);
    await dialog().getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog().waitFor({ state: 'detached' });
    await dismissToasts(page);

    // A status chosen in the list is saved by Save Changes too (it used to be dropped).
    await page.getByRole('button', { name: 'View Dora Detail' }).click();
    await dialog().getByRole('button', { name: 'Status' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Hired' }).click();
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await seeToast(page, 'Status Updated', 'Candidate pipeline stage has been updated');
    await dialog().waitFor({ state: 'detached' });
    await fromServer('dora@example.com').toMatchObject({
      status: 'hired',
      notes: expect.stringMatching(new RegExp(`${noteLinePattern('Status updated from offer to hired').source}$`)),
    });
    await dismissToasts(page);
  });
});

describe('kanban', () => {
  it('moves a card to another column by dragging and by its keyboard menu', async () => {
    await page.getByRole('button', { name: 'Kanban', exact: true }).click();
    const column = (status: string) => page.locator(`[data-kanban-column="${status}"]`);
    await column('new').getByText('Kim Kanban').waitFor();
    await column('new').locator('li', { hasText: 'Kim Kanban' }).dragTo(column('interview'));
    await expectToast(page, 'Status Updated', 'Candidate pipeline stage has been updated');
    await column('interview').getByText('Kim Kanban').waitFor();
    await fromServer('kim@example.com').toMatchObject({
      status: 'interview',
      notes: expect.stringMatching(noteLinePattern('Status updated from new to interview')),
    });

    await page.getByRole('button', { name: 'Move Kai Keyboard to…' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Screening' }).waitFor();
    await page.keyboard.press('End'); // Rejected
    await page.keyboard.press('ArrowUp'); // Hired
    await page.keyboard.press('Enter');
    await expectToast(page, 'Status Updated');
    await column('hired').getByText('Kai Keyboard').waitFor();
    await fromServer('kai@example.com').toMatchObject({
      status: 'hired',
      notes: expect.stringMatching(noteLinePattern('Status updated from new to hired')),
    });
    await page.getByRole('button', { name: 'Table', exact: true }).click();
  });
});

describe('Add Candidate', () => {
  it('validates with the shared schema, refuses a known email, and saves offline until the device is back online', async () => {
    await dismissToasts(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Add Candidate' }).click();
    const form = page.getByRole('form', { name: 'Add Candidate' });
    await page.getByRole('dialog', { name: 'Add Candidate' }).getByRole('button', { name: 'Add Candidate' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Email is required').waitFor();

    await form.getByLabel('Name').fill('Olivia Offline');
    await form.getByLabel('Email').fill('DANA@example.com ');
    await page.getByRole('dialog', { name: 'Add Candidate' }).getByRole('button', { name: 'Add Candidate' }).click();
    await form.getByText('A candidate with this email already exists').waitFor();

    await form.getByLabel('Email').fill('olivia@example.com');
    await form.getByLabel('Phone').fill('415-555-0142');
    await form.getByLabel('Status').selectOption('screening');
    await form.getByLabel('Location').fill('Oakland, CA');
    await form.getByLabel('Source').fill('Referral');
    await form.getByLabel('Experience').fill('4 years of SaaS sales');
    await form.getByLabel('Skills').fill('Negotiation, CRM');
    await page.getByRole('dialog', { name: 'Add Candidate' }).getByRole('button', { name: 'Add Candidate' }).click();
    await expectToast(page, 'Candidate Added', 'Olivia Offline has been added to the pipeline');
    await page.getByRole('searchbox', { name: /Search candidates/ }).fill('olivia');
    await page.getByText('Showing 1 of 6 candidates', { exact: true }).waitFor();
    expect(await serverCandidate(app, 'olivia@example.com')).toBeUndefined();

    await context.setOffline(false);
    await fromServer('olivia@example.com').toMatchObject({
      name: 'Olivia Offline',
      phone: '415-555-0142',
      status: 'screening',
      location: 'Oakland, CA',
      source: 'Referral',
      experience: '4 years of SaaS sales',
      skills: 'Negotiation, CRM',
    });
  });

  it('offers to open the candidate who already has the email', async () => {
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Add Candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Candidate' });
    const form = page.getByRole('form', { name: 'Add Candidate' });
    await form.getByLabel('Name').fill('Someone Else');
    await form.getByLabel('Email').fill(' Kim@Example.com');
    await dialog.getByRole('button', { name: 'Add Candidate' }).click();
    await form.getByText('A candidate with this email already exists').waitFor();
    await form.getByRole('button', { name: 'Open Kim Kanban' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('dialog').getByRole('heading', { name: 'Kim Kanban' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('Sales Representative Candidate').waitFor({ state: 'detached' });
  });
});
