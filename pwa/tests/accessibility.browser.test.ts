/**
 * Issue 8 §4, accessibility. axe-core on every screen, dialog, menu and popover, signed in as the admin
 * over seeded data (a populated table and kanban, dashboard, interviews and interview mode, saved leads, users, API keys),
 * each in the light and the dark palette (support/axe.ts), plus the public screens and the main screens
 * at a tablet width; any serious or critical violation fails, listed with its rule, help and nodes.
 * The keyboard-only walk is in keyboard.browser.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDevice, candidateArgs } from '../../sync-server/tests/helpers/sync-device';
import { AxeLog, type AxeCheckOptions } from './support/axe';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { seedServerCandidates, waitForDeviceCount } from './support/candidates';
import { csvFile } from './support/import-kit';
import { sampleCandidates } from './support/sample-candidates';
import { ADMIN, adminApi, createRecruiter, signInThroughUi } from './support/ui';

const SEEDED = 12;
/** Seeded candidates plus the two interviewed ones. */
const TOTAL = SEEDED + 2;
/** After the walk has imported one more. */
const WITH_IMPORT = TOTAL + 1;
let app: BrowserApp;
let context: BrowserContext;
let page: Page;
const axe = new AxeLog(() => page);

async function seedLeads(userId: number) {
  const lead = (i: number, extra: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    userId,
    linkedinUrl: `https://www.linkedin.com/in/a11y-${i}`,
    fullName: `Lead Person ${i}`,
    jobTitle: 'Sales Representative',
    company: 'Acme Corp',
    location: 'Austin, Texas, United States',
    jobTitleInput: 'Sales Representative',
    locationInput: 'US',
    followerCount: 120 * i,
    ...extra,
  });
  await app.db.knex('linkedin_sales_reps').insert([
    lead(1, {
      email: 'lead1@example.com',
      phoneNumber: '+1 415 555 0101',
      headline: 'Enterprise account executive',
      summary: 'Ten years of closing deals.',
      experience: JSON.stringify([{ title: 'AE', company: 'Acme', location: 'Austin', starts_at: { year: 2019 }, ends_at: null }]),
      education: JSON.stringify([{ school: 'UT Austin', degree_name: 'BA', field_of_study: 'Economics', starts_at: { year: 2010 }, ends_at: { year: 2014 } }]),
    }),
    lead(2, { jobTitle: 'Account Executive (Contact via Apollo)', lastScrapedAt: new Date(Date.now() + 60_000) }),
    lead(3),
  ]);
}

beforeAll(async () => {
  app = await startBrowserApp();
  const api = await adminApi(app);
  await createRecruiter(app);
  await seedServerCandidates(app, sampleCandidates(SEEDED));
  // Two candidates entered the interview stage today, so the Interviews page has cards.
  const device = new TestDevice(api);
  const interviewed = [candidateArgs({ name: 'Ivy Interview', email: 'ivy@example.com' }), candidateArgs({ name: 'Ira Interview', email: 'ira@example.com' })];
  const pushed = await device.push(
    interviewed.flatMap((args) => [device.mutation('candidate.create', args), device.mutation('candidate.setStatus', { uid: args.uid, status: 'interview' })]),
  );
  if (pushed.status !== 200) throw new Error(`seeding interviews failed: ${pushed.text}`);
  const created = await api.post('/api/api-keys', { name: 'Zapier Integration' });
  if (created.status !== 201) throw new Error(`creating an API key failed: ${created.status} ${created.text}`);
  const me = await api.get('/api/user');
  await seedLeads(me.body.id);

  // Reduced motion: toasts and dialogs appear without animating.
  context = await app.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  page = await context.newPage();
  await signInThroughUi(page, ADMIN);
});
afterAll(async () => {
  const left = axe.summariseNonBlocking();
  if (left) console.log(`Moderate and minor axe findings (not failing the test):\n${left}`);
  await context?.close();
  await app?.close();
});

const mainNav = () => page.getByRole('navigation', { name: 'Main' });
const DIALOG: AxeCheckOptions = { include: '[role="dialog"]' };

async function go(label: string, heading: string) {
  await mainNav().getByRole('link', { name: label }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Opens something with `open`, checks it (scoped to `options.include`), closes it with Escape. */
async function checkOpened(where: string, open: () => Promise<unknown>, options: AxeCheckOptions = DIALOG) {
  await open();
  await axe.check(where, options);
  await page.keyboard.press('Escape');
  await page.locator(options.include ?? '[role="dialog"]').first().waitFor({ state: 'detached' });
}

/** The dashboard, its Hired dialog, the top bar's menus, and the import dialog (which imports one more). */
async function walkDashboardAndTopBar() {
  await page.goto('/dashboard');
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.getByTestId('stat-cards').getByText(String(TOTAL)).waitFor({ timeout: 30_000 });
  await axe.check('dashboard');
  await checkOpened('hired dialog', () => page.getByRole('button', { name: /^Hired/ }).click().then(() => page.getByRole('heading', { name: 'Hired Candidates' }).waitFor()));
  await checkOpened('account menu', () => page.getByRole('button', { name: 'Account menu for admin' }).click(), { include: '[role="menu"]' });
  await checkOpened('sync panel', () => page.getByRole('button', { name: /^Sync:/ }).click(), { include: '[id^="headlessui-popover-panel"]' });

  // The import dialog: empty, with a file's preview, and after a run (the file listed with its result, the
  // summary and its errors).
  await page.getByRole('button', { name: 'Upload CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import Candidates' });
  await importDialog.getByRole('heading', { name: 'Import Candidates' }).waitFor();
  await axe.check('import dialog', DIALOG);
  await page.locator('input[type=file]').setInputFiles([csvFile('more.csv', ['Name,Email,Status', 'New Person,new.person@example.com,new', 'No Email,,new'])]);
  await importDialog.getByRole('listitem', { name: 'more.csv' }).waitFor();
  // The file's preview (sheet, columns and their fields, first rows, counts) before importing.
  await importDialog.locator('section[data-preview="ready"]').getByText(/^Will import/).waitFor();
  await axe.check('import dialog preview', DIALOG);
  await importDialog.getByRole('button', { name: 'Import Candidates' }).click();
  await importDialog.getByRole('region', { name: 'Import summary' }).getByText('Errors (1)').waitFor();
  await axe.check('import dialog summary', DIALOG);
  await page.keyboard.press('Escape');
  await importDialog.waitFor({ state: 'detached' });
}

/** The table and kanban, the debug panel, filters, popovers, listbox, and the candidate dialogs. */
async function walkCandidates() {
  await go('Candidates', 'Candidates Management');
  await waitForDeviceCount(page, WITH_IMPORT);
  await axe.check('candidates table');
  await page.getByRole('button', { name: 'Debug' }).click();
  await axe.check('candidates debug panel', { include: '[aria-labelledby="debug-heading"]' });
  await page.getByRole('button', { name: 'Debug' }).click();
  await checkOpened('date range popover', () => page.getByRole('button', { name: 'Date Range' }).click());
  await checkOpened('more filters popover', () => page.getByRole('button', { name: 'More Filters' }).click());
  await checkOpened('location listbox', () => page.getByRole('button', { name: /Location/ }).click(), { include: '[role="listbox"]' });
  await page.getByRole('button', { name: /^Hired/ }).first().click();
  await page.getByRole('button', { name: /Clear all/i }).waitFor();
  await axe.check('candidates with a filter chip');
  await page.getByRole('button', { name: /Clear all/i }).click();
  await checkOpened('add candidate dialog', async () => {
    await page.getByRole('button', { name: 'Add Candidate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Candidate' });
    await dialog.getByRole('button', { name: 'Add Candidate' }).click();
    await dialog.getByText(/required/i).first().waitFor();
  });
  const firstRow = page.locator('[data-testid="candidates-table"] tbody tr').first();
  await checkOpened('candidate detail dialog', async () => {
    await firstRow.getByRole('button', { name: /^View / }).click();
    await page.getByText('Sales Representative Candidate').waitFor();
  });
  // Schedule interview, from the detail dialog, showing a field's error.
  await firstRow.getByRole('button', { name: /^View / }).click();
  await page.getByRole('button', { name: 'Schedule interview' }).click();
  const schedule = page.getByRole('dialog', { name: 'Schedule interview' });
  await schedule.getByLabel('Interviewer').selectOption({ label: 'Choose an interviewer' });
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await schedule.getByRole('alert').waitFor();
  await axe.check('schedule interview dialog', DIALOG);
  await page.keyboard.press('Escape');
  await schedule.waitFor({ state: 'detached' });
  await page.keyboard.press('Escape');
  await page.locator('[role="dialog"]').first().waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /^Turn down / }).and(page.locator(':not([disabled])')).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor();
  await axe.check('turn down confirmation', DIALOG);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Kanban' }).click();
  await page.getByRole('group', { name: 'Pipeline board' }).waitFor();
  await axe.check('candidates kanban');
  await checkOpened('kanban move menu', () => page.getByRole('button', { name: /^Move .* to…$/ }).first().click(), { include: '[role="menu"]' });
  await page.getByRole('button', { name: 'Table' }).click();
}

/** Search with a query and the advanced panel (its detail dialog is the Candidates one); both leads tabs and the key dialog. */
async function walkSearchAndLeads() {
  await go('Search', 'Search Candidates');
  await page.getByText(/^Found \d+ candidates/).waitFor();
  await page.getByRole('searchbox', { name: 'Search candidates' }).or(page.getByRole('textbox', { name: 'Search candidates' })).fill('Ann');
  await page.getByRole('button', { name: 'Clear search' }).waitFor();
  await axe.check('search with a query');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  await page.getByRole('region', { name: 'Advanced Search' }).waitFor();
  await axe.check('advanced search', { include: 'section[aria-label="Advanced Search"]' });
  await page.getByRole('button', { name: 'Hide Advanced Search' }).click();

  await go('LinkedIn Sales Reps', 'LinkedIn Sales Reps');
  await axe.check('leads search tab');
  await checkOpened('provider key dialog', () => page.getByRole('button', { name: /Proxycurl API key/ }).click().then(() => page.getByRole('dialog').getByRole('heading').waitFor()));
  await page.getByRole('tab', { name: 'Saved Leads' }).click();
  await page.locator('[data-testid="lead-row"]').first().waitFor();
  await page.locator('[data-testid="lead-row"]').first().getByRole('button', { name: 'View Complete Profile' }).click();
  await page.getByTestId('lead-profile').waitFor();
  await axe.check('saved leads with a profile');
}

/** Interviews with a note editor, every Settings tab and the API key dialogs, users and theirs, 404. */
async function walkInterviewsSettingsAndUsers() {
  await go('Interviews', 'Interviews');
  await page.getByRole('article', { name: 'Ivy Interview' }).waitFor();
  await axe.check('interviews');
  await page.getByRole('article', { name: 'Ivy Interview' }).getByRole('button', { name: /Notes$/ }).click();
  await page.getByRole('textbox', { name: 'Interview notes for Ivy Interview' }).waitFor();
  await axe.check('interview note editor');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await checkOpened('calendar feed dialog', async () => {
    await page.getByRole('button', { name: 'Calendar feed' }).click();
    await page.getByRole('dialog', { name: 'Calendar feed' }).getByRole('button', { name: 'Create feed address' }).waitFor();
  });
  // Interview mode, with a rating, the recommendation and notes given.
  await page.getByRole('button', { name: 'Start interview with Ivy Interview' }).click();
  await page.getByRole('heading', { name: 'Interview with Ivy Interview', level: 1 }).waitFor();
  await page.locator('label', { has: page.getByRole('radio', { name: 'Closing: 3 (Good)', exact: true }) }).click();
  await page.locator('label', { has: page.getByRole('radio', { name: 'Yes', exact: true }) }).click();
  await page.getByLabel('Interview notes').fill('Good discovery questions');
  await axe.check('interview mode');

  await go('Settings', 'Settings');
  for (const tab of ['Profile', 'Password', 'Appearance', 'API Keys', 'System']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.getByRole('tabpanel').waitFor();
    if (tab === 'API Keys') await page.getByRole('cell', { name: 'Zapier Integration', exact: true }).waitFor();
    await axe.check(`settings ${tab}`);
  }
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await page.getByRole('button', { name: 'Create Key' }).click();
  const createKey = page.getByRole('dialog', { name: 'Create API Key' });
  await createKey.getByLabel('API Key Name').waitFor();
  await axe.check('create API key dialog', DIALOG);
  await createKey.getByLabel('API Key Name').fill('Form Integration');
  await createKey.getByRole('button', { name: 'Create Key' }).click();
  await page.getByRole('dialog', { name: 'API Key Created' }).getByRole('button', { name: 'Done' }).waitFor();
  await axe.check('API key created dialog', DIALOG);
  await page.getByRole('dialog', { name: 'API Key Created' }).getByRole('button', { name: 'Done' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await checkOpened('delete API key dialog', () => page.getByRole('button', { name: 'Delete Zapier Integration' }).click().then(() => page.getByRole('dialog').getByRole('heading').waitFor()));

  await go('Users', 'User Management');
  await page.getByRole('cell', { name: 'rita', exact: true }).waitFor();
  await axe.check('users');
  await checkOpened('add user dialog', () => page.getByRole('button', { name: 'Add User' }).click().then(() => page.getByRole('dialog').getByRole('heading').waitFor()));
  await checkOpened('edit user dialog', () => page.getByRole('button', { name: 'Edit rita' }).click().then(() => page.getByRole('dialog').getByRole('heading').waitFor()));
  await checkOpened('delete user dialog', () => page.getByRole('button', { name: 'Delete rita' }).click().then(() => page.getByRole('dialog').getByRole('heading').waitFor()));

  await page.goto('/no-such-page');
  await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  await axe.check('404 page');
}

/** The main screens at a tablet width, reached through the mobile menu (the sidebar shows from 1024 px). */
async function walkTabletScreens() {
  const at = (name: string) => `tablet ${name}`;
  await page.goto('/dashboard');
  await page.getByTestId('stat-cards').getByText(String(WITH_IMPORT)).waitFor({ timeout: 30_000 });
  await axe.check(at('dashboard'));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('navigation', { name: 'Main' }).waitFor();
  await axe.check(at('mobile menu'), DIALOG);
  const screens: Array<[string, string]> = [
    ['Candidates', 'Candidates Management'],
    ['Search', 'Search Candidates'],
    ['LinkedIn Sales Reps', 'LinkedIn Sales Reps'],
    ['Interviews', 'Interviews'],
    ['Settings', 'Settings'],
    ['Users', 'User Management'],
  ];
  for (const [index, [label, heading]] of screens.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: label }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    if (label === 'Candidates') await page.locator('[data-testid="candidates-table"] tbody tr').first().waitFor();
    await axe.check(at(label));
  }
}

/** Landing, both Auth tabs and the 404 page, signed out. */
async function walkPublicScreens(signedOut: Page) {
  const log = new AxeLog(() => signedOut);
  await signedOut.goto('/');
  await signedOut.getByRole('link', { name: 'Sign up' }).waitFor();
  await log.check('landing');
  await signedOut.goto('/auth');
  await signedOut.getByRole('form', { name: 'Login' }).waitFor();
  await log.check('login');
  // The form's own error messages too.
  await signedOut.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await signedOut.getByRole('form', { name: 'Login' }).getByText(/required/i).first().waitFor();
  await log.check('login with errors');
  await signedOut.getByRole('tab', { name: 'Register' }).click();
  await signedOut.getByText(/Registration is closed/).or(signedOut.getByRole('form', { name: 'Register' })).first().waitFor();
  await log.check('register');
  await signedOut.goto('/no-such-page');
  await signedOut.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  await log.check('404');
  axe.findings.push(...log.findings);
}

describe('Accessibility: axe-core on every screen and dialog, light and dark', () => {
  it('finds nothing serious on the public screens', async () => {
    const signedOut = await app.newContext({ reducedMotion: 'reduce' });
    try {
      const publicPage = await signedOut.newPage();
      // The checks paint the dark palette with the app's own class; the app sets it from the system theme.
      await publicPage.emulateMedia({ colorScheme: 'dark' });
      await publicPage.goto('/');
      await expect.poll(() => publicPage.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await publicPage.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => publicPage.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      await walkPublicScreens(publicPage);
    } finally {
      await signedOut.close();
    }
    axe.assertNoBlocking();
  });

  // The signed-in walk, in order (one page, signed in once): some forty stops, each checked twice.
  it('finds nothing serious on the dashboard, the top bar menus and the import dialog', async () => {
    await walkDashboardAndTopBar();
    axe.assertNoBlocking();
  });

  it('finds nothing serious on Candidates: table, kanban, filters, popovers and dialogs', { timeout: 90_000 }, async () => {
    await walkCandidates();
    axe.assertNoBlocking();
  });

  it('finds nothing serious on Search and LinkedIn Sales Reps', async () => {
    await walkSearchAndLeads();
    axe.assertNoBlocking();
  });

  it('finds nothing serious on Interviews, Settings and Users, with their dialogs, and the 404 page', { timeout: 90_000 }, async () => {
    await walkInterviewsSettingsAndUsers();
    axe.assertNoBlocking();
  });

  it('finds nothing serious on the main screens at a 768 px tablet width', { timeout: 90_000 }, async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await walkTabletScreens();
    axe.assertNoBlocking();
  });
});
