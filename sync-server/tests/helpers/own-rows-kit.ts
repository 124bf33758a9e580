/**
 * The own-rows tests' helpers (own-rows.test.ts): devices whose pulls are recorded, what those pulls
 * sent and confirmed, syncing until a condition holds, and the check that a device ends as a new one
 * pulls.
 */
import { expect } from 'vitest';
import type { PullResponse } from '@shared/sync/protocol.schema';
import type { SyncTransport } from '@/sync/transport';
import { convergenceProblems, type EngineDevice, type serverWithDevices } from './engine-device';
import type { HttpClient } from './http-client';

type World = ReturnType<typeof serverWithDevices>;

/** The helpers bound to one test server's world. */
export function ownRowsKit(world: World) {
  return {
    recordingDevice: (http: HttpClient) => recordingDevice(world, http),
    expectConverged: (device: EngineDevice, http: HttpClient) => expectConverged(world, device, http),
  };
}

/** A device whose pulls are recorded: each page as it came, and the size of its JSON. */
async function recordingDevice(world: World, http: HttpClient) {
  const pages: PullResponse[] = [];
  const device = await world.device(http, (t: SyncTransport) => ({
    push: t.push,
    pull: async (query) => {
      const page = await t.pull(query);
      pages.push(page);
      return page;
    },
  }));
  return { device, pages };
}

export const bytes = (pages: PullResponse[]) => pages.reduce((sum, page) => sum + JSON.stringify(page).length, 0);
export const confirmedUids = (pages: PullResponse[]) => new Set(pages.flatMap((page) => page.confirmed.map((c) => c.uid)));
export const sentUids = (pages: PullResponse[]) => new Set(pages.flatMap((page) => page.candidates.map((c) => c.uid)));

/**
 * Syncs until nothing is pending and `done` holds: a pull returns only rows below the horizon, which a
 * long transaction anywhere on the PostgreSQL cluster holds back (other test files run meanwhile).
 */
export async function syncUntil(device: EngineDevice, done: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await device.engine.syncNow();
    if (outcome.ok && (await device.pending()) === 0 && (await done())) return;
    if (Date.now() > deadline) {
      const rows = (await device.db.candidates.toArray()).map((r) => [r.email, r.id, r.location, r.phone, r.ownWrites, r.localOnly]);
      throw new Error(`not synced: ${JSON.stringify(outcome)}, ${await device.pending()} pending ${JSON.stringify(rows)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const synced = (device: EngineDevice, email: string, matches: (row: Record<string, unknown>) => boolean = () => true) => async () => {
  const row = (await device.db.candidates.where('emailKey').equals(email).toArray())[0];
  return row !== undefined && row.id !== null && !row.ownWrites && matches(row);
};

async function expectConverged(world: World, device: EngineDevice, http: HttpClient) {
  const reader = await world.device(http);
  expect(await convergenceProblems([device], reader)).toEqual([]);
  await reader.close();
}

export function importRows(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i}`, email: `${prefix}${i}@own.test`, location: 'Oslo', source: 'file' }));
}
