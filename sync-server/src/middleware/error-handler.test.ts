/**
 * The error handler against real database errors: a broken constraint answers 409 with the envelope and
 * names the constraint and table in the log, without the values it refused.
 */
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database';
import { errorHandler } from './error-handler';

let db: TestDatabase;
let url: string;
let close: () => void;
const warnings: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const app = new Koa();
  app.use(errorHandler({ warn: (line) => warnings.push(line) }));
  app.use(async (ctx) => {
    if (ctx.path === '/api/twice') {
      // users_username_unique is on lower(username): the second insert breaks it.
      for (const username of ['Secret.Person', 'secret.person']) await db.knex('users').insert({ username, passwordHash: 'x', role: 'recruiter' });
    } else if (ctx.path === '/api/plain') throw Object.assign(new Error('no'), { status: 400, expose: true });
    ctx.body = {};
  });
  const server = app.listen(0);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await db.close();
});

it('answers a broken constraint with 409 and logs which one, not the value', async () => {
  const response = await fetch(`${url}/api/twice`, { method: 'POST' });
  expect(response.status).toBe(409);
  expect((await response.json()).code).toBe('CONFLICT');
  expect(warnings).toEqual(["[rephire] POST /api/twice answered 409: the database's users_username_unique on users refused a write"]);
  expect(warnings.join()).not.toMatch(/secret/i);
});

it('logs nothing for errors that are not the database', async () => {
  warnings.length = 0;
  expect((await fetch(`${url}/api/plain`)).status).toBe(400);
  expect(warnings).toEqual([]);
});
