/**
 * The Interviews page on the device's data: day navigation (Today, Yesterday, the full date, never
 * beyond today), cards with the spec's fallbacks, one note edited at a time, Cancel discarding, and a
 * note written offline that survives a reload and a closed tab, then reaches PostgreSQL on reconnect.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLongDay } from '@shared/format/dates';
import { shiftDay, toDayString } from '@shared/format/time-zone';
import { formatHlc } from '@shared/sync/hlc';
import { TestDevice, candidateArgs } from '../../sync-server/tests/helpers/sync-device';
import { WITH_SERVICE_WORKER, startBrowserApp, type BrowserApp } from './support/browser-app';
import { ADMIN, adminApi, expectToast, signInThroughUi } from './support/ui';

const TIME_ZONE = 'America/Los_Angeles';
const NO_NOTES = 'No notes added yet. Click "Add Notes" to begin.';
let app: BrowserApp;
let today: string;

beforeAll(async () => {
  app = await startBrowserApp();
  const device = new TestDevice(await adminApi(app));
  const now = Date.now();
  today = toDayString(now, TIME_ZONE);
  const stamp = (millis: number) => formatHlc({ millis, counter: 0, node: 'seed' });
  const interviewed = (name: string, at: number, extra: Record<string, unknown> = {}) => {
    const args = candidateArgs({ name, ...extra });
    return [
      device.mutation('candidate.create', args, stamp(at - 1000)),
      device.mutation('candidate.setStatus', { uid: args.uid, status: 'interview' }, stamp(at)),
    ];
  };
  const pushed = await device.push([
    ...interviewed('Ann Interview', now - 60_000),
    ...interviewed('Cara Closer', now - 60_000, { phone: '5551234567', location: 'Austin, TX' }),
    ...interviewed('Bob Yesterday', now - 24 * 3_600_000),
  ]);
  expect(pushed.status).toBe(200);
});
afterAll(() => app?.close());

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.newContext({ timezoneId: TIME_ZONE, ...WITH_SERVICE_WORKER });
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  await expectToast(page, 'Login successful');
  return { context, page };
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).first();
const noteInPostgres = (name: string) =>
  app.db
    .knex('interview_notes')
    .join('candidates', 'candidates.id', 'interview_notes.candidateId')
    .where('candidates.name', name)
    .whereNull('interview_notes.deletedAt')
    .select('interview_notes.note', 'interview_notes.day')
    .first();

describe('Interviews', () => {
  it('navigates days: Today, Yesterday, a full date, and never beyond today', async () => {
    const { context, page } = await signedIn();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Interviews' }).click();
    await page.getByRole('heading', { name: 'Interviews', level: 1 }).waitFor();
    expect(await heading(page).textContent()).toBe('Today');
    expect(await page.getByRole('button', { name: 'Next day' }).isDisabled()).toBe(true);

    const ann = card(page, 'Ann Interview');
    await ann.waitFor();
    expect(await ann.getByText('No phone').count()).toBe(1);
    expect(await ann.getByText('Not specified').count()).toBe(1);
    expect(await ann.getByText('Interview', { exact: true }).count()).toBe(1);
    expect(await ann.getByText(NO_NOTES).count()).toBe(1);
    const cara = card(page, 'Cara Closer');
    expect(await cara.getByText('(555) 123-4567').count()).toBe(1);
    expect(await cara.getByText('Austin, TX').count()).toBe(1);
    expect(await card(page, 'Bob Yesterday').count()).toBe(0);

    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.getByRole('heading', { name: 'Yesterday', level: 2 }).waitFor();
    await card(page, 'Bob Yesterday').waitFor();
    expect(await ann.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Next day' }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Previous day' }).click();
    const twoDaysAgo = formatLongDay(shiftDay(today, -2));
    await page.getByRole('heading', { name: twoDaysAgo, level: 2 }).waitFor();
    await page.getByText('No interviews scheduled', { exact: true }).waitFor();
    await page.getByText(`There are no interviews scheduled for ${twoDaysAgo}.`).waitFor();

    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: 'Next day' }).isDisabled()).toBe(true);

    // A day after today in the address shows today.
    await page.goto(`/interviews?day=${shiftDay(today, 3)}`);
    await page.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    await ann.waitFor();
    // A past day in the address is kept across a reload.
    await page.goto(`/interviews?day=${shiftDay(today, -1)}`);
    await page.getByRole('heading', { name: 'Yesterday', level: 2 }).waitFor();
    await context.close();
  });

  it('edits one note at a time, and Cancel discards', async () => {
    const { context, page } = await signedIn();
    await page.goto('/interviews');
    const ann = card(page, 'Ann Interview');
    const cara = card(page, 'Cara Closer');
    await ann.getByRole('button', { name: 'Add Notes' }).click();
    const box = ann.getByPlaceholder('Add your interview notes here...');
    await box.fill('Not this one');
    expect(await cara.getByRole('button', { name: 'Add Notes' }).isDisabled()).toBe(true);
    await ann.getByRole('button', { name: 'Cancel' }).click();
    await ann.getByText(NO_NOTES).waitFor();
    expect(await cara.getByRole('button', { name: 'Add Notes' }).isEnabled()).toBe(true);
    await ann.getByRole('button', { name: 'Add Notes' }).click();
    expect(await box.inputValue()).toBe('');
    await ann.getByRole('button', { name: 'Cancel' }).click();
    expect(await noteInPostgres('Ann Interview')).toBeUndefined();
    await context.close();
  });

  it('keeps a note written offline through a reload and a closed tab, and syncs it on reconnect', async () => {
    const { context, page } = await signedIn();
    await page.goto('/interviews');
    // The service worker must control the page before it can reload offline.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const ann = card(page, 'Ann Interview');
    await ann.waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: /^Sync: Offline/ }).waitFor();
    await ann.getByRole('button', { name: 'Add Notes' }).click();
    await ann.getByPlaceholder('Add your interview notes here...').fill('Strong closer, wants to start soon');
    await ann.getByRole('button', { name: 'Save Notes' }).click();
    await expectToast(page, 'Success', 'Interview note created successfully');
    await ann.getByText('Strong closer, wants to start soon').waitFor();

    await page.reload();
    await card(page, 'Ann Interview').getByText('Strong closer, wants to start soon').waitFor();

    // Edit again and close the tab straight after Save.
    await ann.getByRole('button', { name: 'Edit Notes' }).click();
    await ann.getByPlaceholder('Add your interview notes here...').fill('Strong closer, starts Monday');
    await ann.getByRole('button', { name: 'Save Notes' }).click();
    await page.locator('[data-toast]').getByText('Interview note saved successfully').waitFor();
    await page.close();
    expect(await noteInPostgres('Ann Interview')).toBeUndefined();

    const again = await context.newPage();
    await again.goto('/interviews');
    await card(again, 'Ann Interview').getByText('Strong closer, starts Monday').waitFor();

    await context.setOffline(false);
    await expect
      .poll(() => noteInPostgres('Ann Interview'), { timeout: 20_000, interval: 250 })
      .toEqual({ note: 'Strong closer, starts Monday', day: today });
    await context.close();
  });

  it('saves an edited note online, for the day being viewed', async () => {
    const { context, page } = await signedIn();
    await page.goto(`/interviews?day=${shiftDay(today, -1)}`);
    const bob = card(page, 'Bob Yesterday');
    await bob.getByRole('button', { name: 'Add Notes' }).click();
    await bob.getByPlaceholder('Add your interview notes here...').fill('Second round next week');
    await bob.getByRole('button', { name: 'Save Notes' }).click();
    await expectToast(page, 'Success', 'Interview note created successfully');
    await expect
      .poll(() => noteInPostgres('Bob Yesterday'), { timeout: 20_000, interval: 250 })
      .toEqual({ note: 'Second round next week', day: shiftDay(today, -1) });

    await bob.getByRole('button', { name: 'Edit Notes' }).click();
    await bob.getByPlaceholder('Add your interview notes here...').fill('Second round on Tuesday');
    await bob.getByRole('button', { name: 'Save Notes' }).click();
    await expectToast(page, 'Success', 'Interview note saved successfully');
    await expect
      .poll(() => noteInPostgres('Bob Yesterday'), { timeout: 20_000, interval: 250 })
      .toMatchObject({ note: 'Second round on Tuesday' });
    await context.close();
  });
});
