/**
 * Script and HTML in every text field the app shows (issue 8, "Hostile input"): candidates whose every
 * text field holds markup, an interview note, a user named with markup (signed in, so the top bar
 * shows it too) and a saved lead with markup everywhere and `javascript:` URLs. Every screen that
 * shows them is visited; each must show the literal text and never turn it into elements or run it.
 *
 * The page's CSP would block inline handlers even if markup got into the DOM, so `window.__xss` alone
 * proves little: the test also checks that no element the payloads describe exists and that no link
 * points anywhere but http(s) or mailto.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '../../shared/sync/hlc';
import { TestDevice } from '../../sync-server/tests/helpers/sync-device';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { adminApi, signInThroughUi } from './support/ui';

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=1</script>';
const SVG = '"><svg onload="window.__xss=1">';
const LINK = 'javascript:alert(1)';

const CANDIDATE_NAME = `Xss ${IMG} Name`;
const HOSTILE_USER = { username: IMG, password: 'hostile-password' };

let app: BrowserApp;
let page: Page;

beforeAll(async () => {
  app = await startBrowserApp();
  const admin = await adminApi(app);
  const created = await admin.post('/api/users', { ...HOSTILE_USER, role: 'admin', displayName: SCRIPT });
  expect(created.status, created.text).toBe(201);

  const device = new TestDevice(admin);
  const uid = randomUUID();
  const now = Date.now();
  const pushed = await device.push([
    device.mutation(
      'candidate.create',
      {
        uid,
        name: CANDIDATE_NAME,
        email: 'xss@example.com',
        phone: SVG,
        location: `${SCRIPT} City`,
        source: IMG,
        experience: `${SVG} years`,
        skills: `${SCRIPT}, ${IMG}`,
        notes: `Note ${IMG} ${SCRIPT} ${LINK}`,
        status: 'new',
      },
      formatHlc({ millis: now - 2000, counter: 0, node: 'seed' }),
    ),
    device.mutation('candidate.setStatus', { uid, status: 'interview' }, formatHlc({ millis: now - 1000, counter: 0, node: 'seed' })),
    device.mutation('interviewNote.save', {
      uid: randomUUID(),
      candidateUid: uid,
      day: new Date().toISOString().slice(0, 10),
      note: `Interview ${SCRIPT} ${IMG}`,
    }),
  ]);
  expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);

  const owner = await app.db.knex('users').where({ username: IMG }).first('id');
  await app.db.knex('linkedin_sales_reps').insert({
    id: randomUUID(),
    userId: owner.id,
    fullName: `Lead ${IMG}`,
    jobTitle: `${SCRIPT} Seller`,
    company: `${SVG} Inc`,
    location: `${IMG} Town`,
    linkedinUrl: LINK,
    email: 'lead@example.com',
    phoneNumber: SVG,
    jobTitleInput: 'Sales',
    locationInput: 'US',
    profilePicUrl: LINK,
    headline: `Headline ${IMG}`,
    summary: `Summary ${SCRIPT}`,
    experience: JSON.stringify([{ title: `${IMG} title`, company: `${SCRIPT} co`, location: SVG, starts_at: { year: 2020 }, ends_at: null }]),
    education: JSON.stringify([{ school: `${IMG} school`, degree_name: SCRIPT, field_of_study: SVG, starts_at: null, ends_at: null }]),
  });

  const context = await app.newContext({ timezoneId: 'UTC' });
  page = await context.newPage();
  await signInThroughUi(page, HOSTILE_USER);
});
afterAll(() => app?.close());

/** Nothing ran, no payload became an element, and every link goes to http(s) or mailto. */
async function expectInert(screen: string) {
  const found = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    elements: document.querySelectorAll('img[src="x"], img[onerror], svg[onload], [onload], [onerror], script:not([src])').length,
    hrefs: [...document.querySelectorAll('a[href], area[href], iframe, object, embed, form[action]')].map(
      (el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('data') ?? el.getAttribute('action') ?? '',
    ),
  }));
  expect(found.xss, screen).toBeUndefined();
  expect(found.elements, screen).toBe(0);
  for (const href of found.hrefs) expect(href, `${screen}: ${href}`).toMatch(/^(\/(?!\/)|https?:\/\/|mailto:|#)/);
}

/** The payload is on screen as text. */
async function seeText(text: string) {
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 30_000 });
}

const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

describe('markup in every text field renders as text', () => {
  it('dashboard and top bar', async () => {
    await seeText(CANDIDATE_NAME);
    // The menu shows the display name, with the username under it: both hostile, both text.
    await page.getByRole('button', { name: `Account menu for ${SCRIPT}` }).click();
    await seeText(`${SCRIPT}'s Account`);
    await seeText(`@${IMG}`);
    await expectInert('dashboard');
    await page.keyboard.press('Escape');
  });

  it('candidates table, kanban and the detail dialog', async () => {
    await nav('Candidates').click();
    await page.getByRole('heading', { name: 'Candidates Management' }).waitFor();
    await seeText(CANDIDATE_NAME);
    await expectInert('candidates table');

    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Kanban' }).click();
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Kanban', pressed: true }).waitFor();
    await seeText(CANDIDATE_NAME);
    await expectInert('kanban');
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();

    await page.getByRole('button', { name: `View ${CANDIDATE_NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: CANDIDATE_NAME });
    await dialog.getByText(`${SCRIPT} City`).waitFor();
    const text = (await dialog.textContent()) ?? '';
    // Skills show as one chip per comma-separated skill.
    for (const value of [`${SCRIPT} City`, IMG, `${SVG} years`, SCRIPT, SVG]) expect(text, value).toContain(value);
    expect(await dialog.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe(`Note ${IMG} ${SCRIPT} ${LINK}`);
    await expectInert('detail dialog');
    await page.keyboard.press('Escape');
    await dialog.getByText(`${SCRIPT} City`).waitFor({ state: 'detached' });
  });

  it('search, by the markup itself', async () => {
    await nav('Search').click();
    await page.getByRole('heading', { name: 'Search Candidates' }).waitFor();
    await page.getByPlaceholder('Search candidates by name, email, phone, or any other information...').fill('<script>');
    await seeText(CANDIDATE_NAME);
    await expectInert('search');
  });

  it('interviews, with the note', async () => {
    await nav('Interviews').click();
    await page.getByRole('heading', { name: 'Interviews', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: CANDIDATE_NAME });
    await card.waitFor();
    await expect.poll(async () => (await card.textContent()) ?? '').toContain(`Interview ${SCRIPT} ${IMG}`);
    await expectInert('interviews');
  });

  it('users', async () => {
    await nav('Users').click();
    await page.getByRole('button', { name: `Edit ${IMG}` }).waitFor();
    await expectInert('users');
  });

  it('saved leads, with the complete profile and no javascript: link or picture', async () => {
    await nav('LinkedIn Sales Reps').click();
    await page.getByRole('heading', { name: 'LinkedIn Sales Reps' }).waitFor();
    await page.getByRole('tab', { name: 'Saved Leads' }).click();
    await seeText(`Lead ${IMG}`);
    await seeText(`${SVG} Inc`);
    // A javascript: profile URL gets no link at all.
    expect(await page.getByRole('link', { name: /LinkedIn profile/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'View Complete Profile' }).click();
    await seeText(`Summary ${SCRIPT}`);
    await seeText(`${IMG} school`);
    await expectInert('saved leads');
    // The avatar's picture only ever comes through the server, which fetches https URLs only.
    const sources = await page.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
    for (const src of sources) expect(src).toMatch(/^\/api\/linkedin\/profile-image\//);
  });
});
