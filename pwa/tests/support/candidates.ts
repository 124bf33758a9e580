/**
 * Candidate data for the browser tests, put on the server the way a device would: `candidate.create`
 * mutations pushed through /api/sync/push by a protocol-level test device signed in as the admin. The
 * app under test then pulls them like any other change.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { CandidateFieldsInput } from '../../../shared/schemas/candidate.schema';
import { TestDevice } from '../../../sync-server/tests/helpers/sync-device';
import type { BrowserApp } from './browser-app';
import { ADMIN, adminApi, signInThroughUi } from './ui';

export type SeedCandidate = CandidateFieldsInput;

/** Creates the candidates on the server; returns their uids in the same order. */
export async function seedServerCandidates(app: BrowserApp, rows: readonly SeedCandidate[]): Promise<string[]> {
  const device = new TestDevice(await adminApi(app));
  const uids: string[] = [];
  for (let start = 0; start < rows.length; start += 200) {
    const mutations = rows.slice(start, start + 200).map((row) => {
      const uid = randomUUID();
      uids.push(uid);
      return device.mutation('candidate.create', { ...row, uid });
    });
    const res = await device.push(mutations);
    const rejected = (res.body?.results ?? []).filter((r: { status: string }) => r.status !== 'applied');
    if (res.status !== 200 || rejected.length) throw new Error(`seeding failed: ${res.status} ${res.text}`);
  }
  return uids;
}

/** An ISO date `hours` hours before now. */
export function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * 3_600_000).toISOString();
}

/** The server's row for an email (PostgreSQL), or undefined. */
export async function serverCandidate(app: BrowserApp, email: string) {
  return app.db.knex('candidates').whereRaw('lower(email) = ?', [email.toLowerCase()]).whereNull('deletedAt').first();
}

/** Waits until the device has pulled `count` candidates (the Candidates page's 'Showing X of Y'). */
export async function waitForDeviceCount(page: Page, count: number): Promise<void> {
  await page.getByText(new RegExp(`^Showing \\d+ of ${count} candidates$`)).waitFor({ timeout: 30_000 });
}

/** The candidate names in the table body, top to bottom. */
export async function tableNames(page: Page): Promise<string[]> {
  return page.locator('[data-testid="candidates-table"] tbody tr td:nth-child(2) > div:first-child').allTextContents();
}

/** A fresh device (browser context) signed in as the admin, on the Candidates page once `count` candidates are pulled. */
export async function openCandidatesPage(app: BrowserApp, count: number, width = 1280, contextOptions: BrowserContextOptions = {}) {
  const context = await app.newContext({ viewport: { width, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  await signInThroughUi(page, ADMIN);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Candidates' }).click();
  await page.getByRole('heading', { name: 'Candidates Management' }).waitFor();
  await waitForDeviceCount(page, count);
  return { context, page };
}

/** A full candidate view of seed rows, for computing what a screen should show with the shared functions. */
export function asViews(rows: readonly SeedCandidate[]) {
  return rows.map((row) => ({
    name: row.name,
    email: row.email,
    phone: row.phone ?? null,
    location: row.location ?? null,
    status: row.status ?? 'new',
    appliedDate: row.appliedDate ?? new Date().toISOString(),
    source: row.source ?? null,
    experience: row.experience ?? null,
    skills: row.skills ?? '',
    notes: row.notes ?? '',
  }));
}

/** The dated note line format of shared/candidates/notes.ts, for matching in PostgreSQL. */
export function noteLinePattern(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\[\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} P[SD]T\\] ${escaped}`);
}

/**
 * Waits for a toast and checks its text without closing it: while a modal dialog is open everything
 * outside it (the toast region too) is inert, so expectToast's close click cannot reach it.
 */
export async function seeToast(page: Page, title: string, description: string): Promise<void> {
  const toast = page.locator('[data-toast]').filter({ has: page.getByText(title, { exact: true }) });
  await toast.waitFor({ state: 'visible', timeout: 20_000 });
  const text = (await toast.textContent()) ?? '';
  if (!text.includes(description)) throw new Error(`Toast "${title}" says "${text}", expected "${description}"`);
}

/** Closes every toast, queued ones included, so the next expectToast sees only what comes next. */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('[data-toast]');
  for (let i = 0; i < 10 && (await toasts.count()) > 0; i += 1) {
    const toast = await toasts.first().elementHandle({ timeout: 1_000 }).catch(() => null);
    if (!toast) break;
    // A DOM click: click() waits for the toast to stop moving, which needs animation frames that a page
    // just brought to the front may not get in time on a loaded machine.
    await (await toast.$('button[aria-label="Close notification"]'))?.dispatchEvent('click');
    // The next queued toast takes its place once this one has gone.
    await expect.poll(() => toast.evaluate((element) => !element.isConnected)).toBe(true);
    await toast.dispose();
  }
}
