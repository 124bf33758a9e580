/**
 * A simulated device running the real sync engine (pwa/src/sync over fake-indexeddb) against a test
 * server over HTTP: its own IndexedDB database, engine, fake environment (online, timers) and the
 * session cookie of the HttpClient it is given.
 */
import 'fake-indexeddb/auto';
import { expect } from 'vitest';
import type { User } from '@shared/schemas/user.schema';
import { RepHireDb } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createInterviewsRepo } from '@/features/interviews/repo';
import { createSyncEngine, type SyncEngine } from '@/sync/engine';
import { FakeEnvironment } from '@/sync/testing/fake-environment';
import { httpTransport, type SyncTransport } from '@/sync/transport';
import type { HttpClient } from './http-client';

export interface EngineDevice {
  db: RepHireDb;
  engine: SyncEngine;
  fake: FakeEnvironment;
  http: HttpClient;
  transport: SyncTransport;
  candidates: ReturnType<typeof createCandidatesRepo>;
  interviews: ReturnType<typeof createInterviewsRepo>;
  user: User;
}

const cookieOf = (client: HttpClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

let devices = 0;

/** A device of the server at `url`, signed in as `http`'s user; `wrap` can interpose on its transport. */
export async function engineDevice(
  url: string,
  http: HttpClient,
  wrap: (t: SyncTransport) => SyncTransport = (t) => t,
): Promise<EngineDevice> {
  const db = new RepHireDb(`device-engine-${++devices}-${Date.now()}`);
  const fake = new FakeEnvironment();
  const transport = wrap(httpTransport({ baseUrl: url, headers: () => ({ cookie: cookieOf(http) }) }));
  const engine = createSyncEngine({ db, transport, env: fake.env, pullPageSize: 500 });
  const user = (await http.get<User>('/api/user')).body;
  await engine.signedIn(user);
  return { db, engine, fake, http, transport, user, candidates: createCandidatesRepo(db), interviews: createInterviewsRepo(db) };
}

/** A new device that pulls everything: what the server holds, as devices see it. */
export async function freshReader(url: string, http: HttpClient): Promise<EngineDevice> {
  const reader = await engineDevice(url, http);
  expect(await reader.engine.syncNow()).toEqual({ ok: true });
  return reader;
}

/** The server's candidate with this email, as a fresh device pulls it. */
export async function serverCandidate(url: string, http: HttpClient, email: string) {
  const reader = await freshReader(url, http);
  return (await reader.candidates.findByEmail(email))[0];
}
