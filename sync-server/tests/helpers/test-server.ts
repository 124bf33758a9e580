/**
 * The real Koa app on an ephemeral loopback port, over a database of its own, for one test file.
 * `signUp` and `signIn` give clients that act as a signed-in admin or recruiter.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Koa from 'koa';
import { createApp } from '../../src/app';
import type { Config } from '../../src/lib/config';
import { bindModels } from '../../src/db/database';
import { HttpClient } from './http-client';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestServer {
  url: string;
  app: Koa;
  db: TestDatabase;
  config: Config;
  client(): HttpClient;
  /** Registers the first account (admin) or, when registration is open, a recruiter. */
  adminClient(): Promise<HttpClient>;
  /** An admin-created recruiter, signed in. */
  recruiterClient(username?: string): Promise<HttpClient>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'rephire-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>RepHire test</title>');
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(tmpdir(), 'rephire-data-')),
    secretKey: 'test-secret-key-that-is-long-enough-0123456789',
    appName: 'RepHire',
    trustProxy: false,
    leadsProviderUrl: 'http://127.0.0.1:9',
    staticDir,
    // Cheaper hashing keeps the suite fast; the production cost is tested in password.test.ts.
    scryptLogN: 10,
    apiKeyRequestsPerMinute: 600,
    ...overrides,
  };
}

export const ADMIN = { username: 'admin', password: 'admin-password' };

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const db = await createTestDatabase();
  bindModels(db.knex);
  const config = testConfig(overrides);
  const app = createApp({ knex: db.knex, config });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let recruiters = 0;

  const testServer: TestServer = {
    url,
    app,
    db,
    config,
    client: () => new HttpClient(url),
    async adminClient() {
      const client = new HttpClient(url);
      const registered = await client.post('/api/register', ADMIN);
      if (registered.status !== 201) {
        const login = await client.post('/api/login', ADMIN);
        if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${login.text}`);
      }
      return client;
    },
    async recruiterClient(username = `recruiter${++recruiters}`) {
      const admin = await testServer.adminClient();
      const password = 'recruiter-password';
      const created = await admin.post('/api/users', { username, password, role: 'recruiter' });
      if (created.status !== 201) throw new Error(`create recruiter failed: ${created.status} ${created.text}`);
      const client = new HttpClient(url);
      const login = await client.post('/api/login', { username, password });
      if (login.status !== 200) throw new Error(`recruiter sign-in failed: ${login.status} ${login.text}`);
      return client;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
  return testServer;
}
