/**
 * Interview mode and scorecards on a tablet with no connection: the admin starts their interview from
 * the day view offline, rates criteria, recommends and writes notes (saved on every change: no Save
 * button), reloads and closes the tab without losing anything, and finds it in PostgreSQL once back
 * online. A recruiter scores her own interview of the same candidate the same day: the two scorecards
 * stay apart, and the candidate's detail dialog shows both, newest first, with the average per
 * criterion. An admin changes the team's criteria in Settings, and interview mode follows.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDayString } from '@shared/format/time-zone';
import { TestDevice, candidateArgs } from '../../sync-server/tests/helpers/sync-device';
import { WITH_SERVICE_WORKER, startBrowserApp, type BrowserApp } from './support/browser-app';
import { ADMIN, RECRUITER, adminApi, createRecruiter, expectToast, signInThroughUi } from './support/ui';

const TIME_ZONE = 'Europe/Madrid';
const POLL = { timeout: 30_000, interval: 250 };
let app: BrowserApp;
let adminsInterview: string;
let ritasInterview: string;

beforeAll(async () => {
  app = await startBrowserApp();
  await createRecruiter(app);
  const api = await adminApi(app);
  const adminId = (await api.get('/api/user')).body.id as number;
  const ritaId = ((await api.get('/api/users')).body as Array<{ id: number; username: string }>).find((user) => user.username === RECRUITER.username)!.id;
  const device = new TestDevice(api);
  const today = toDayString(Date.now(), TIME_ZONE);
  const gina = candidateArgs({ name: 'Gina Grit', experience: '6 years closing SaaS deals', skills: 'Cold calling, MEDDIC' });
  adminsInterview = crypto.randomUUID();
  ritasInterview = crypto.randomUUID();
  const slot = { candidateUid: gina.uid, date: today, timeZone: TIME_ZONE, durationMinutes: 45 };
  const pushed = await device.push([
    device.mutation('candidate.create', gina),
    device.mutation('candidate.setStatus', { uid: gina.uid, status: 'interview' }),
    device.mutation('interview.schedule', { uid: adminsInterview, ...slot, startTime: '00:05', interviewerId: adminId, place: 'Room 2' }),
    device.mutation('interview.schedule', { uid: ritasInterview, ...slot, startTime: '00:10', interviewerId: ritaId }),
  ]);
  expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
});
afterAll(() => app?.close());

async function signedIn(user: { username: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  // A tablet in landscape.
  const context = await app.newContext({ timezoneId: TIME_ZONE, viewport: { width: 1024, height: 768 }, hasTouch: true, ...WITH_SERVICE_WORKER });
  const page = await context.newPage();
  await signInThroughUi(page, user);
  await expectToast(page, 'Login successful');
  return { context, page };
}

const scorecardRow = (uid: string) => app.db.knex('scheduledInterviews').where({ uid }).first('scores', 'recommendation', 'scorecardNotes');
const choose = (page: Page, name: string) => page.locator('label', { has: page.getByRole('radio', { name, exact: true }) }).click();
const saveState = (page: Page) => page.getByTestId('interview-save-state');

describe('interview mode and scorecards', () => {
  it('is run offline, survives a reload and a closed tab, and reaches PostgreSQL; two interviewers’ scorecards stay apart', async () => {
    const { context, page } = await signedIn(ADMIN);
    await page.goto('/interviews');
    // The service worker must control the page before it can reload offline.
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    const day = page.getByRole('list', { name: 'Interviews for today' });
    await day.getByRole('button', { name: 'Join and score with Gina Grit' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: /^Sync: Offline/ }).waitFor();
    await day.getByRole('button', { name: 'Start interview with Gina Grit' }).click();
    await page.getByRole('heading', { name: 'Interview with Gina Grit', level: 1 }).waitFor();
    expect(page.url()).toContain(`/interviews/run/${adminsInterview}`);
    // The key facts, next to the scorecard.
    await page.getByText('6 years closing SaaS deals').waitFor();
    await page.getByRole('list', { name: 'Skills' }).getByText('MEDDIC').waitFor();
    expect(await page.getByRole('group').evaluateAll((groups) => groups.map((g) => g.querySelector('legend')?.textContent))).toEqual([
      'Prospecting',
      'Discovery',
      'Objection handling',
      'Closing',
      'Coachability',
      'Overall recommendation',
    ]);
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);

    await choose(page, 'Prospecting: 4 (Excellent)');
    await choose(page, 'Closing: 2 (Weak)');
    await choose(page, 'Closing: 3 (Good)');
    await choose(page, 'Strong yes');
    await page.getByLabel('Interview notes').fill('Asked about quota attainment');
    await expect.poll(() => saveState(page).textContent(), POLL).toBe('Saved on this device · syncs when back online');
    expect(await scorecardRow(adminsInterview)).toEqual({ scores: {}, recommendation: null, scorecardNotes: '' });

    await page.reload();
    await page.getByRole('heading', { name: 'Interview with Gina Grit', level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: 'Prospecting: 4 (Excellent)' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Closing: 3 (Good)' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Strong yes' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Interview notes').inputValue()).toBe('Asked about quota attainment');

    // A line typed just before the tab is closed is not lost.
    await page.getByLabel('Interview notes').press('End');
    await page.getByLabel('Interview notes').pressSequentially('\nClosed the role-play');
    await page.close();
    const again = await context.newPage();
    await again.goto(`/interviews/run/${adminsInterview}`);
    await expect.poll(() => again.getByLabel('Interview notes').inputValue(), POLL).toBe('Asked about quota attainment\nClosed the role-play');

    await context.setOffline(false);
    await expect.poll(() => scorecardRow(adminsInterview), POLL).toEqual({
      scores: { prospecting: 4, closing: 3 },
      recommendation: 'strong_yes',
      scorecardNotes: 'Asked about quota attainment\nClosed the role-play',
    });
    await expect.poll(() => saveState(again).textContent(), POLL).toBe('Synced');
    await context.close();

    // Rita scores her own interview of Gina the same day; the admin's is hers to read, not to change.
    const rita = await signedIn(RECRUITER);
    await rita.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Interviews' }).click();
    const ritasDay = rita.page.getByRole('list', { name: 'Interviews for today' });
    await ritasDay.getByRole('button', { name: 'Start interview with Gina Grit' }).click();
    await rita.page.getByRole('heading', { name: 'Interview with Gina Grit', level: 1 }).waitFor();
    // The admin's interview is among the others, with its scores.
    const others = rita.page.getByRole('list', { name: 'Other interviews of Gina Grit' });
    await others.getByText('Strong yes').waitFor();
    await choose(rita.page, 'Closing: 1 (Poor)');
    await choose(rita.page, 'No');
    await expect.poll(() => scorecardRow(ritasInterview), POLL).toEqual({ scores: { closing: 1 }, recommendation: 'no', scorecardNotes: '' });
    expect(await scorecardRow(adminsInterview)).toMatchObject({ scores: { prospecting: 4, closing: 3 }, recommendation: 'strong_yes' });

    // The candidate's record: both interviews, newest first, and the average per criterion.
    await rita.page.getByRole('link', { name: '← Back to Interviews' }).click();
    await rita.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    // On a tablet the row's middle is its status menu: open the candidate by name.
    await rita.page.getByRole('row', { name: /Gina Grit/ }).getByText('Gina Grit').click();
    const detail = rita.page.getByRole('dialog', { name: 'Gina Grit' });
    const record = detail.getByRole('list', { name: 'Interviews of Gina Grit' }).getByRole('listitem');
    await expect.poll(() => record.count(), POLL).toBe(2);
    await record.nth(0).getByText('Interviewer: rita').waitFor();
    await record.nth(0).getByText('No', { exact: true }).waitFor();
    await record.nth(1).getByText('Strong yes').waitFor();
    await record.nth(1).getByText('Closed the role-play').waitFor();
    const averages = detail.getByRole('table', { name: 'Average scores of Gina Grit' });
    expect(await averages.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/Criterion\s+Average\s+Interviews/),
      expect.stringMatching(/Prospecting\s+4\.0\s+1/),
      expect.stringMatching(/Discovery\s+–\s+0/),
      expect.stringMatching(/Objection handling\s+–\s+0/),
      expect.stringMatching(/Closing\s+2\.0\s+2/),
      expect.stringMatching(/Coachability\s+–\s+0/),
    ]);
    await rita.context.close();
  });

  it('lets an admin change the team’s criteria in Settings, and interview mode follows', async () => {
    const { context, page } = await signedIn(ADMIN);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'System' }).click();
    const criteria = page.getByRole('list', { name: 'Scorecard criteria' });
    await criteria.getByRole('textbox', { name: 'Criterion 1' }).waitFor();
    await criteria.getByRole('textbox', { name: 'Criterion 1' }).fill('Pipeline building');
    await page.getByRole('button', { name: 'Remove Coachability' }).click();
    await page.getByRole('button', { name: 'Add criterion' }).click();
    await criteria.getByRole('textbox', { name: 'Criterion 5' }).fill('closing');
    await page.getByRole('button', { name: 'Save scorecard' }).click();
    await page.getByRole('alert').getByText('"closing" is listed twice').waitFor();
    await criteria.getByRole('textbox', { name: 'Criterion 5' }).fill('Product knowledge');
    await page.getByRole('button', { name: 'Save scorecard' }).click();
    await expectToast(page, 'Scorecard saved', 'Interviewers now rate 5 criteria.');

    await page.goto(`/interviews/run/${adminsInterview}`);
    await page.getByRole('heading', { name: 'Interview with Gina Grit', level: 1 }).waitFor();
    expect(await page.getByRole('group').evaluateAll((groups) => groups.map((g) => g.querySelector('legend')?.textContent))).toEqual([
      'Pipeline building',
      'Discovery',
      'Objection handling',
      'Closing',
      'Product knowledge',
      'Overall recommendation',
    ]);
    // The renamed criterion keeps its rating.
    expect(await page.getByRole('radio', { name: 'Pipeline building: 4 (Excellent)' }).isChecked()).toBe(true);
    await context.close();
  });
});
