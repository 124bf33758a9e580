/**
 * Scheduled interviews across devices: scheduled offline from the candidate's detail dialog on one
 * device (in New York), synced when it reconnects, and seen on a second user's device an hour behind (in Chicago) on
 * the Interviews day view — in time order, in that device's time zone, with the interviewer and the
 * place (a meeting link as a link), before the day's other entries and without repeating a candidate
 * they list — and under Upcoming; its Add to calendar downloads an .ics at the same instant. Then cancelled from the detail dialog, and gone there too.
 */
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLongDay } from '@shared/format/dates';
import { parseDay, shiftDay, toDayString, zonedTimeToEpochMs } from '@shared/format/time-zone';
import { formatHlc } from '@shared/sync/hlc';
import { TestDevice, candidateArgs } from '../../sync-server/tests/helpers/sync-device';
import { startBrowserApp, type BrowserApp } from './support/browser-app';
import { deviceCount } from './support/import-kit';
import { waitForDeviceCount } from './support/candidates';
import { ADMIN, RECRUITER, adminApi, createRecruiter, expectToast, signInThroughUi } from './support/ui';

/**
 * The scheduling device's zone and the viewing device's, an hour behind it. The test needs both on the
 * same calendar day while it runs: New York and Chicago are on different days for the hour after New
 * York's midnight, so around then (with a margin) the same hour apart is Berlin and London.
 */
const [SCHEDULING_ZONE, VIEWING_ZONE] = zonesOnOneDay(Date.now(), [
  ['America/New_York', 'America/Chicago'],
  ['Europe/Berlin', 'Europe/London'],
]);
const POLL = { timeout: 30_000, interval: 250 };
let app: BrowserApp;
/** Today on both devices. */
let today: string;

/** The first pair of zones whose days agree from now through the next 45 minutes (longer than the file runs). */
function zonesOnOneDay(now: number, pairs: [string, string][]): [string, string] {
  // The zones of a pair are an hour apart, so their days disagree for one hour a day: an interval shorter than that
  // overlaps it only if one of its ends falls in it.
  const agree = ([a, b]: [string, string]) => [now, now + 45 * 60_000].every((t) => toDayString(t, a) === toDayString(t, b));
  const pair = pairs.find(agree);
  if (!pair) throw new Error('No pair of time zones is on one calendar day now');
  return pair;
}

beforeAll(async () => {
  app = await startBrowserApp();
  await createRecruiter(app);
  const device = new TestDevice(await adminApi(app));
  const now = Date.now();
  today = toDayString(now, SCHEDULING_ZONE);
  const stamp = (millis: number) => formatHlc({ millis, counter: 0, node: 'seed' });
  const interviewed = (name: string) => {
    const args = candidateArgs({ name });
    return [device.mutation('candidate.create', args, stamp(now - 2000)), device.mutation('candidate.setStatus', { uid: args.uid, status: 'interview' }, stamp(now - 1000))];
  };
  const pushed = await device.push([
    device.mutation('candidate.create', candidateArgs({ name: 'Dana Demo' }), stamp(now - 3000)),
    ...interviewed('Eli Entered'),
    ...interviewed('Fay Follows'),
  ]);
  expect(pushed.body.results.every((r: { status: string }) => r.status === 'applied')).toBe(true);
});
afterAll(() => app?.close());

async function device(timezoneId: string, user: { username: string; password: string }) {
  const context = await app.newContext({ timezoneId, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInThroughUi(page, user);
  await expectToast(page, 'Login successful');
  return { context, page };
}

async function openCandidate(page: Page, name: string) {
  await page.getByRole('row', { name: new RegExp(name) }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByText('Sales Representative Candidate').waitFor();
  return dialog;
}

async function schedule(page: Page, name: string, plan: { date: string; time: string; duration: string; interviewer: string; place: string }) {
  const detail = await openCandidate(page, name);
  await detail.getByRole('button', { name: 'Schedule interview' }).click();
  const form = page.getByRole('dialog', { name: 'Schedule interview' });
  await form.getByLabel('Date').fill(plan.date);
  await form.getByLabel('Start time').fill(plan.time);
  await form.getByLabel('Duration').selectOption({ label: plan.duration });
  await form.getByLabel('Interviewer').selectOption({ label: plan.interviewer });
  await form.getByLabel('Place or meeting link').fill(plan.place);
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expectToast(page, 'Interview scheduled');
  await form.waitFor({ state: 'detached' });
  return detail;
}

const serverInterviews = () => app.db.knex('scheduledInterviews').whereNull('deletedAt').orderBy('startTime').select('startTime', 'date', 'timeZone', 'place');

describe('scheduled interviews', () => {
  it('are scheduled offline on one device and shown on another after sync, in its time zone', async () => {
    const a = await device(SCHEDULING_ZONE, ADMIN);
    await a.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
    await waitForDeviceCount(a.page, 3);
    // Opened online once: the device keeps the team's users for picking an interviewer offline.
    let detail = await openCandidate(a.page, 'Dana Demo');
    await detail.getByText('No interviews scheduled.').waitFor();
    await detail.getByRole('button', { name: 'Close', exact: true }).first().click();

    await a.context.setOffline(true);
    // A bad value is refused with the shared message, and nothing is queued.
    detail = await openCandidate(a.page, 'Dana Demo');
    await detail.getByRole('button', { name: 'Schedule interview' }).click();
    const form = a.page.getByRole('dialog', { name: 'Schedule interview' });
    await form.getByLabel('Interviewer').selectOption({ label: 'Choose an interviewer' });
    await form.getByRole('button', { name: 'Schedule' }).click();
    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('alert').allTextContents()).toEqual(['Choose an interviewer']);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await detail.getByRole('button', { name: 'Close', exact: true }).first().click();
    expect(await deviceCount(a.page, 'outbox')).toBe(0);

    detail = await schedule(a.page, 'Dana Demo', { date: today, time: '10:30', duration: '45 min', interviewer: 'rita', place: 'https://meet.example/dana' });
    const listed = detail.getByRole('list', { name: 'Interviews of Dana Demo' }).getByRole('listitem');
    await listed.first().getByText('10:30 AM – 11:15 AM').waitFor();
    await detail.getByRole('button', { name: 'Close', exact: true }).first().click();
    await schedule(a.page, 'Dana Demo', { date: shiftDay(today, 3), time: '14:00', duration: '1 h', interviewer: 'admin', place: 'Room 4' });
    await a.page.getByRole('dialog', { name: 'Dana Demo' }).getByRole('button', { name: 'Close', exact: true }).first().click();
    await schedule(a.page, 'Eli Entered', { date: today, time: '08:00', duration: '30 min', interviewer: 'admin', place: 'Lobby' });
    await a.page.getByRole('dialog', { name: 'Eli Entered' }).getByRole('button', { name: 'Close', exact: true }).first().click();
    expect(await deviceCount(a.page, 'outbox')).toBe(3);
    expect(await serverInterviews()).toEqual([]);

    await a.context.setOffline(false);
    await expect.poll(() => deviceCount(a.page, 'outbox'), POLL).toBe(0);
    expect(await serverInterviews()).toEqual([
      { startTime: '08:00', date: today, timeZone: SCHEDULING_ZONE, place: 'Lobby' },
      { startTime: '10:30', date: today, timeZone: SCHEDULING_ZONE, place: 'https://meet.example/dana' },
      { startTime: '14:00', date: shiftDay(today, 3), timeZone: SCHEDULING_ZONE, place: 'Room 4' },
    ]);

    // Rita's tablet, an hour behind: 8:00 and 10:30 on the first device are 7:00 and 9:30 there.
    const b = await device(VIEWING_ZONE, RECRUITER);
    await b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Interviews' }).click();
    const day = b.page.getByRole('list', { name: 'Interviews for today' });
    await day.getByText('9:30 AM – 10:15 AM').waitFor({ timeout: 30_000 });
    const cards = day.getByRole('article');
    expect(await cards.evaluateAll((articles) => articles.map((article) => article.querySelector('h3')?.textContent))).toEqual([
      'Eli Entered',
      'Dana Demo',
      'Fay Follows',
    ]);
    const eli = day.getByRole('article', { name: 'Eli Entered' });
    expect(await eli.getByText('7:00 AM – 7:30 AM').count()).toBe(1);
    // The interviewer's name comes with the team, which this device fetches after the interviews show
    // (until then the card reads "User #1").
    await eli.getByText('Interviewer: admin').waitFor();
    expect(await eli.getByText('Lobby').count()).toBe(1);
    const dana = day.getByRole('article', { name: 'Dana Demo' });
    expect(await dana.getByText('Interviewer: rita').count()).toBe(1);
    expect(await dana.getByRole('link', { name: 'https://meet.example/dana' }).getAttribute('href')).toBe('https://meet.example/dana');
    expect(await day.getByRole('article', { name: 'Fay Follows' }).getByText('Interviewer:').count()).toBe(0);

    // Add to calendar: an .ics made on the device, read back by ical.js at the same instant.
    const [download] = await Promise.all([b.page.waitForEvent('download'), dana.getByRole('button', { name: 'Add to calendar: interview with Dana Demo' }).click()]);
    expect(download.suggestedFilename()).toBe(`interview-dana-demo-${today}.ics`);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await readFile(await download.path(), 'utf8'))).getFirstSubcomponent('vevent')!);
    const tenThirty = (await app.db.knex('scheduledInterviews').where({ startTime: '10:30' }).first('date')).date;
    expect(event.summary).toBe('Interview: Dana Demo');
    expect(event.startDate.toJSDate().getTime()).toBe(zonedTimeToEpochMs({ ...parseDay(tenThirty)!, hour: 10, minute: 30 }, SCHEDULING_ZONE));
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(45 * 60_000);
    expect(event.location).toBe('https://meet.example/dana');

    const upcoming = b.page.getByRole('region', { name: 'Upcoming' });
    const later = upcoming.getByRole('listitem', { name: `Dana Demo, ${formatLongDay(shiftDay(today, 3))}` });
    await later.getByText('1:00 PM – 2:00 PM').waitFor();
    expect(await later.getByText('Interviewer: admin').count()).toBe(1);
    expect(await upcoming.getByRole('listitem').count()).toBe(1);

    // Cancelled on the first device: gone from the second after its next sync.
    detail = await openCandidate(a.page, 'Eli Entered');
    await detail.getByRole('button', { name: /^Cancel the interview on/ }).click();
    await a.page.getByRole('dialog', { name: 'Cancel this interview?' }).getByRole('button', { name: 'Cancel interview' }).click();
    await detail.getByText('No interviews scheduled.').waitFor();
    await expect.poll(() => deviceCount(a.page, 'outbox'), POLL).toBe(0);
    await b.page.reload();
    await b.page.getByRole('list', { name: 'Interviews for today' }).getByText('9:30 AM – 10:15 AM').waitFor({ timeout: 30_000 });
    await expect.poll(() => b.page.getByText('7:00 AM – 7:30 AM').count(), POLL).toBe(0);
    // Eli still entered the interview status today: the spec's entry remains, without a schedule.
    expect(await b.page.getByRole('article', { name: 'Eli Entered' }).getByText('Interviewer:').count()).toBe(0);

    // Eli's card (in interview, nothing scheduled now) offers Schedule interview; so does the Candidates row.
    const offer = b.page.getByRole('article', { name: 'Eli Entered' }).getByRole('button', { name: 'Schedule interview with Eli Entered' });
    await offer.click();
    const offerForm = b.page.getByRole('dialog', { name: 'Schedule interview' });
    await offerForm.getByLabel('Start time').fill('13:00');
    await offerForm.getByLabel('Interviewer').selectOption({ label: 'rita' });
    await offerForm.getByRole('button', { name: 'Schedule' }).click();
    await expectToast(b.page, 'Interview scheduled');
    await b.page.getByRole('article', { name: 'Eli Entered' }).getByText('1:00 PM – 2:00 PM').waitFor();
    expect(await b.page.getByRole('list', { name: 'Interviews for today' }).getByRole('article').evaluateAll((articles) => articles.map((article) => article.querySelector('h3')?.textContent))).toEqual([
      'Dana Demo',
      'Eli Entered',
      'Fay Follows',
    ]);

    await detail.getByRole('button', { name: 'Close', exact: true }).first().click();
    await a.page.getByRole('row', { name: /Fay Follows/ }).getByRole('button', { name: 'Schedule interview with Fay Follows' }).click();
    const rowForm = a.page.getByRole('dialog', { name: 'Schedule interview' });
    await rowForm.getByLabel('Date').fill(shiftDay(today, 1));
    await rowForm.getByRole('button', { name: 'Schedule' }).click();
    await expectToast(a.page, 'Interview scheduled');
    await expect.poll(() => app.db.knex('scheduledInterviews').whereNull('deletedAt').where({ date: shiftDay(today, 1), startTime: '09:00' }).count({ n: '*' }).first().then((row) => Number(row!.n)), POLL).toBe(1);

    // Changed from the detail dialog: only what changed is sent; the time keeps its zone.
    detail = await openCandidate(a.page, 'Dana Demo');
    await detail.getByRole('button', { name: /^Change the interview on .* at 10:30 AM/ }).click();
    const change = a.page.getByRole('dialog', { name: 'Change interview' });
    expect(await change.getByLabel('Start time').inputValue()).toBe('10:30');
    await change.getByLabel('Duration').selectOption({ label: '1 h' });
    await change.getByLabel('Place or meeting link').fill('Room 9');
    await change.getByRole('button', { name: 'Save interview' }).click();
    await expectToast(a.page, 'Interview changed');
    await detail.getByText('10:30 AM – 11:30 AM').waitFor();
    await expect.poll(() => app.db.knex('scheduledInterviews').where({ startTime: '10:30' }).first('durationMinutes', 'place', 'timeZone'), POLL).toEqual({
      durationMinutes: 60,
      place: 'Room 9',
      timeZone: SCHEDULING_ZONE,
    });
    await a.context.close();
    await b.context.close();
  });

  it('gives a recruiter a private calendar feed of the interviews she conducts, and resets it', async () => {
    const { context, page } = await device(VIEWING_ZONE, RECRUITER);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Interviews' }).click();
    await page.getByRole('button', { name: 'Calendar feed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendar feed' });
    await dialog.getByText('You have no feed address yet.').waitFor();
    await dialog.getByRole('button', { name: 'Create feed address' }).click();
    const address = await dialog.getByLabel('Your feed address').inputValue();
    expect(address).toMatch(new RegExp(`^${app.url}/api/calendar/cal_[A-Za-z0-9_-]{43}/interviews\\.ics$`));
    const feed = await fetch(address);
    expect(feed.status).toBe(200);
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).summary);
    expect(events.sort()).toEqual(['Interview: Dana Demo', 'Interview: Eli Entered']);

    await dialog.getByRole('button', { name: 'Reset feed address' }).click();
    await page.getByRole('dialog', { name: 'Reset the feed address?' }).getByRole('button', { name: 'Reset address' }).click();
    await expect.poll(() => dialog.getByLabel('Your feed address').inputValue(), POLL).not.toBe(address);
    expect((await fetch(address)).status).toBe(404);
    expect((await fetch(await dialog.getByLabel('Your feed address').inputValue())).status).toBe(200);
    await context.close();
  });
});
