/**
 * The outbox listener hears a committed transaction that wrote hook events (the triggers' NOTIFY), on
 * PostgreSQL and on the embedded database, and a transaction that wrote none stays silent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database';
import { listenForOutbox, type OutboxListener } from './outbox-listener';

let db: TestDatabase;
let listener: OutboxListener;
let heard = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  listener = await listenForOutbox(db, db.url, () => (heard += 1));
});
afterAll(async () => {
  await listener.close();
  await db.close();
});

const candidate = (email: string) => ({
  uid: randomUUID(),
  name: 'Lia Listen',
  email,
  status: 'new',
  appliedDate: new Date(),
  skills: '',
  notes: '',
  fieldClocks: {},
});

it('hears a commit that wrote hook events, and only such commits', async () => {
  // The listener says it is listening by calling once (events may have committed before).
  await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThan(0);
  const before = heard;
  await db.knex('candidates').insert(candidate('no.hook@listen.test'));
  const user = (await db.knex('users').insert({ username: 'lia', passwordHash: 'x', role: 'admin' }).returning('id'))[0].id;
  const key = (await db.knex('api_keys').insert({ name: 'k', keyHash: 'h', keyPrefix: 'rk_', userId: user }).returning('id'))[0].id;
  await db.knex('webhook_subscriptions').insert({ apiKeyId: key, userId: user, event: 'candidate.created', targetUrl: 'https://34.120.0.10/x' });
  expect(heard).toBe(before);

  await db.knex.transaction(async (trx) => {
    await trx('candidates').insert(candidate('one@listen.test'));
    await trx('candidates').insert(candidate('two@listen.test'));
    // Not before the commit.
    expect(heard).toBe(before);
  });
  await expect.poll(() => heard, { timeout: 10_000 }).toBe(before + 1);
  expect(Number((await db.knex('webhook_deliveries').count({ n: '*' }).first())!.n)).toBe(2);
});
