/**
 * A simulated device running the real sync engine (pwa/src/sync) under Node: its own IndexedDB
 * database (fake-indexeddb), repos, and the session cookie of an HttpClient. With `start()` it syncs by
 * itself on real timers — after writes, on a poll, and with backoff after failures — as in a browser,
 * only with shorter delays. Each request goes to one of `urls()` picked at random (several server
 * instances behind a load balancer), through `wrap` when a test interposes on the transport.
 */
import 'fake-indexeddb/auto';
import '@/sync/testing/fake-indexeddb-seek';
// Also in the test projects' setup; imported here for the soak (sync-server/bench), which runs outside vitest.
import '@/sync/testing/fake-indexeddb-sparse-index';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import type { User } from '@shared/schemas/user.schema';
import { RepHireDb } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createInterviewsRepo } from '@/features/interviews/repo';
import { createSyncEngine, type SyncEngine } from '@/sync/engine';
import type { SyncTiming } from '@/sync/scheduler';
import { FakeEnvironment } from '@/sync/testing/fake-environment';
import { httpTransport, type SyncTransport } from '@/sync/transport';
import type { HttpClient } from './http-client';
import { startTestServer, type TestServer } from './test-server';

/** The engine's delays shortened: a failing server is retried within a second, not minutes. */
export const FAST_TIMING: Partial<SyncTiming> = {
  debounceMs: 50,
  maxDebounceMs: 250,
  pollMs: 1_000,
  fastPollMs: 1_000,
  backoffBaseMs: 100,
  backoffMaxMs: 1_000,
};

export interface EngineDeviceOptions {
  /** The server instances; every request goes to one of them, picked at random. */
  urls: () => readonly string[];
  timing?: Partial<SyncTiming>;
  wrap?: (transport: SyncTransport) => SyncTransport;
  pullPageSize?: number;
}

let devices = 0;

export const cookieOf = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** A transport that sends each request to an instance picked at random. */
export function randomInstanceTransport(urls: () => readonly string[], cookie: () => string): SyncTransport {
  const transports = new Map<string, SyncTransport>();
  const pick = () => {
    const list = urls();
    const url = list[Math.floor(Math.random() * list.length)]!;
    let transport = transports.get(url);
    if (!transport) {
      transport = httpTransport({ baseUrl: url, headers: () => ({ cookie: cookie() }) });
      transports.set(url, transport);
    }
    return transport;
  };
  return { push: (request) => pick().push(request), pull: (query) => pick().pull(query) };
}

export class EngineDevice {
  readonly candidates: ReturnType<typeof createCandidatesRepo>;
  readonly interviews: ReturnType<typeof createInterviewsRepo>;

  private constructor(
    readonly db: RepHireDb,
    readonly engine: SyncEngine,
    readonly env: FakeEnvironment,
    readonly http: HttpClient,
    readonly transport: SyncTransport,
    readonly user: User,
  ) {
    this.candidates = createCandidatesRepo(db);
    this.interviews = createInterviewsRepo(db);
  }

  /** A device signed in as `http`'s user (not yet syncing by itself: see start). */
  static async create(http: HttpClient, options: EngineDeviceOptions): Promise<EngineDevice> {
    const db = new RepHireDb(`engine-device-${++devices}-${Date.now()}`);
    const env = new FakeEnvironment({ realTime: true });
    const base = randomInstanceTransport(options.urls, () => cookieOf(http));
    const transport = options.wrap ? options.wrap(base) : base;
    const engine = createSyncEngine({
      db,
      transport,
      env: env.env,
      timing: { ...FAST_TIMING, ...options.timing },
      pullPageSize: options.pullPageSize ?? 1000,
    });
    const me = await http.get<User>('/api/user');
    if (me.status !== 200) throw new Error(`not signed in: ${me.status} ${me.text}`);
    await engine.signedIn(me.body);
    return new EngineDevice(db, engine, env, http, transport, me.body);
  }

  /** Syncs by itself from now on (timers, retries, online events). */
  start(): void {
    this.engine.start();
  }

  pending(): Promise<number> {
    return this.db.outbox.count();
  }

  /** Stops syncing, waits for a running sync, and deletes the device's database. */
  async close(): Promise<void> {
    this.engine.stop();
    await this.engine.settled();
    await this.db.delete();
  }
}

/** What a device holds, in a comparable order: its rows as the screens see them. */
export async function deviceState(device: EngineDevice) {
  const byUid = <T extends { uid: string }>(rows: T[]) => rows.sort((a, b) => a.uid.localeCompare(b.uid));
  return {
    candidates: byUid(await device.db.candidates.toArray()),
    interviewNotes: byUid(await device.db.interviewNotes.toArray()),
    experiences: byUid(await device.db.experiences.toArray()),
  };
}

/**
 * Once nobody writes any more: every device syncs until its queue is empty, then all once more (to see
 * each other's last changes). A queue empties only when a pull includes its changes, which a long
 * transaction anywhere on the PostgreSQL cluster delays: hence a deadline rather than a count of tries.
 */
export async function syncUntilIdle(devices: EngineDevice[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const [i, device] of devices.entries()) {
    let outcome = await device.engine.syncNow();
    while ((!outcome.ok || (await device.pending()) > 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      outcome = await device.engine.syncNow();
    }
    if (!outcome.ok || (await device.pending()) > 0) {
      throw new Error(`device ${i} could not finish syncing: ${JSON.stringify(outcome)}, ${await device.pending()} pending`);
    }
  }
  for (const [i, device] of devices.entries()) {
    const outcome = await device.engine.syncNow();
    if (!outcome.ok) throw new Error(`device ${i}: last sync failed: ${JSON.stringify(outcome)}`);
  }
}

/**
 * How the devices differ from what a new device pulling everything gets (the server's rows): an empty
 * list when they have all converged. Each difference names the device, the table and a few uids.
 */
export async function convergenceProblems(devices: EngineDevice[], reader: EngineDevice): Promise<string[]> {
  const pulled = await reader.engine.syncNow();
  if (!pulled.ok) return [`the reader could not pull: ${JSON.stringify(pulled)}`];
  const truth = await deviceState(reader);
  const problems: string[] = [];
  for (const [i, device] of devices.entries()) {
    const pending = await device.pending();
    if (pending) problems.push(`device ${i}: ${pending} changes still queued`);
    const touched = await device.db.serverRows.count();
    if (touched) problems.push(`device ${i}: ${touched} rows still marked as touched by pending changes`);
    const state = await deviceState(device);
    for (const table of ['candidates', 'interviewNotes', 'experiences'] as const) {
      const theirs = new Map<string, unknown>(state[table].map((row) => [row.uid, row]));
      const known = new Set(truth[table].map((row) => row.uid));
      const missing = truth[table].filter((row) => !theirs.has(row.uid)).map((row) => row.uid);
      const differing = truth[table].filter((row) => theirs.has(row.uid) && !isDeepStrictEqual(row, theirs.get(row.uid))).map((row) => row.uid);
      const extra = state[table].filter((row) => !known.has(row.uid)).map((row) => row.uid);
      for (const [what, uids] of [['missing', missing], ['different', differing], ['extra', extra]] as const) {
        if (uids.length) problems.push(`device ${i}: ${uids.length} ${table} ${what} (${uids.slice(0, 3).join(', ')})`);
      }
    }
  }
  return problems;
}

/** A device of the one server at `url` that syncs when told to (syncNow); `wrap` can interpose on its transport. */
export function engineDevice(url: string, http: HttpClient, wrap?: (t: SyncTransport) => SyncTransport): Promise<EngineDevice> {
  return EngineDevice.create(http, { urls: () => [url], wrap, pullPageSize: 500 });
}

/** A new device that pulls everything: what the server holds, as devices see it. */
export async function freshReader(url: string, http: HttpClient): Promise<EngineDevice> {
  const reader = await engineDevice(url, http);
  const outcome = await reader.engine.syncNow();
  if (!outcome.ok) throw new Error(`the reader could not pull: ${JSON.stringify(outcome)}`);
  return reader;
}

/** The server's candidate with this email, as a fresh device pulls it. */
export async function serverCandidate(url: string, http: HttpClient, email: string) {
  const reader = await freshReader(url, http);
  return (await reader.candidates.findByEmail(email))[0];
}

/**
 * One test server for the calling test file (started before its tests, closed after them), with its
 * devices: `server` is the running server, and the helpers above are bound to it.
 */
export function serverWithDevices() {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer();
  });
  afterAll(async () => {
    await running?.close();
  });
  const server = () => {
    if (!running) throw new Error('the test server starts in beforeAll; use it inside a test');
    return running;
  };
  return {
    get server() {
      return server();
    },
    device: (http: HttpClient, wrap?: (t: SyncTransport) => SyncTransport) => engineDevice(server().url, http, wrap),
    freshReader: (http: HttpClient) => freshReader(server().url, http),
    serverCandidate: (http: HttpClient, email: string) => serverCandidate(server().url, http, email),
  };
}
