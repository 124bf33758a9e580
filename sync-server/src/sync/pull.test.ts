import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/helpers/test-server';
import type { HttpClient } from '../../tests/helpers/http-client';
import { TestDevice, candidateArgs } from '../../tests/helpers/sync-device';
import { encodeCursor, decodeCursor } from './cursor';
import { formatHlc, nodeIdFrom } from '@shared/sync/hlc';
import { CANDIDATE_LWW_FIELDS, candidateSchema, experienceSchema, interviewNoteSchema } from '@shared/schemas/candidate.schema';
import { PULL_CURSOR_HEADER, PULL_DONE_HEADER, SYNC_PROTOCOL_VERSION, pullResponseSchema, readPullPage } from '@shared/sync/protocol.schema';
import { candidateDtoSchema } from '@shared/schemas/candidate-api.schema';
import { rowToCandidate, sharedClocksSql, toCandidateDto } from '../candidates/candidate.store';
import { sharedStamp } from '@shared/sync/shared-clocks';
import { rowToInterviewNote } from '../interview-notes/interview-note-writes.service';

let server: TestServer;
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
});
afterAll(() => server.close());

async function createCandidates(count: number, prefix = 'p') {
  const device = new TestDevice(admin);
  const rows = Array.from({ length: count }, (_, i) => candidateArgs({ name: `${prefix} ${i}`, email: `${prefix}${i}-${randomUUID().slice(0, 6)}@pull.test` }));
  const res = await device.push([device.mutation('candidates.import', { rows })]);
  expect(res.body.results[0].status).toBe('applied');
  return rows;
}

describe('pull: requests', () => {
  it('needs a signed-in user and a client id', async () => {
    expect((await server.client().get(`/api/sync/pull?clientId=${randomUUID()}`)).status).toBe(401);
    expect((await admin.get('/api/sync/pull')).status).toBe(400);
    expect((await admin.get(`/api/sync/pull?clientId=${randomUUID()}&limit=0`)).status).toBe(400);
    expect((await admin.get(`/api/sync/pull?clientId=${randomUUID()}&limit=abc`)).status).toBe(400);
  });

  it('refuses a malformed cursor with 400', async () => {
    const clientId = randomUUID();
    const valid = (await admin.get(`/api/sync/pull?clientId=${clientId}`)).body.cursor as string;
    const tampered = { ...decodeCursor(valid), p: { candidates: ['-1', 0] } };
    for (const cursor of [
      'not a cursor!',
      'AAAA',
      Buffer.from('{"v":2}').toString('base64url'),
      Buffer.from(JSON.stringify(tampered)).toString('base64url'),
      Buffer.from(JSON.stringify({ ...decodeCursor(valid), p: { ...decodeCursor(valid).p, candidates: [1e30, 0] } })).toString('base64url'),
    ]) {
      const res = await admin.get(`/api/sync/pull?clientId=${clientId}&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(res.body.message).toBe('The sync cursor is malformed; pull without a cursor to start over');
    }
  });

  it("sends each page's cursor and whether it is the last as headers too, as its body says them", async () => {
    await createCandidates(3, 'head');
    const clientId = randomUUID();
    const seen: Array<{ cursor: string; done: boolean }> = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const res = await admin.get(`/api/sync/pull?clientId=${clientId}&protocol=${SYNC_PROTOCOL_VERSION}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const body = pullResponseSchema.parse(res.body);
      expect(res.headers.get(PULL_CURSOR_HEADER)).toBe(body.cursor);
      expect(res.headers.get(PULL_DONE_HEADER)).toBe(String(body.done));
      seen.push({ cursor: body.cursor, done: body.done });
      if (body.done) break;
      cursor = body.cursor;
    }
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)!.done).toBe(true);
  });
});

describe('pull: rows', () => {
  it('pages through every changed row exactly once, tombstones, experiences and notes included', async () => {
    const rows = await createCandidates(25, 'page');
    const writer = new TestDevice(admin);
    await writer.push([
      writer.mutation('candidate.delete', { uid: rows[0]!.uid }),
      writer.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: rows[1]!.uid, day: '2026-05-06', note: 'n' }),
    ]);
    const candidate = await server.db.knex('candidates').where({ uid: rows[2]!.uid }).first();
    const experienceUid = randomUUID();
    await server.db.knex('experiences').insert({
      uid: experienceUid,
      candidateId: candidate.id,
      title: 'AE',
      company: 'Acme',
      startDate: '2020-01',
    });

    const reader = new TestDevice(admin);
    const result = await reader.pull(7);
    expect(result.pages.length).toBeGreaterThan(3);
    expect(result.pages.slice(0, -1).every((p) => !p.done)).toBe(true);
    const uids = result.candidates.map((c) => c.uid);
    expect(new Set(uids).size).toBe(uids.length);
    for (const row of rows) expect(uids).toContain(row.uid);
    const tombstone = result.candidates.find((c) => c.uid === rows[0]!.uid)!;
    expect(tombstone.deletedAt).not.toBeNull();
    expect(result.interviewNotes).toEqual([expect.objectContaining({ candidateUid: rows[1]!.uid, day: '2026-05-06', note: 'n' })]);
    expect(result.experiences).toEqual([expect.objectContaining({ uid: experienceUid, candidateUid: rows[2]!.uid, title: 'AE' })]);
    expect(result.pages.every((p) => p.candidates.length + p.experiences.length + p.interviewNotes.length <= 7)).toBe(true);

    // Nothing changed: the next pull is empty; one change: exactly that row.
    expect((await reader.pull()).candidates).toEqual([]);
    await writer.push([writer.mutation('candidate.update', { uid: rows[3]!.uid, changes: { location: 'Oslo' } })]);
    const next = await reader.pull();
    expect(next.candidates.map((c) => [c.uid, c.location])).toEqual([[rows[3]!.uid, 'Oslo']]);
  });

  it('keeps one horizon across the pages of a pull: rows written meanwhile come in the next pull', async () => {
    await createCandidates(10, 'horizon');
    const reader = new TestDevice(admin);
    const first = await reader.pullPage(3);
    expect(first.body.done).toBe(false);
    reader.cursor = first.body.cursor;
    const [late] = await createCandidates(1, 'late');
    const rest = await reader.pull(3);
    const seen = [...first.body.candidates, ...rest.candidates].map((c) => c.uid);
    expect(seen).not.toContain(late!.uid);
    expect((await reader.pull()).candidates.map((c) => c.uid)).toEqual([late!.uid]);
  });

  it('reports the client’s last mutation whose effects are in the pull', async () => {
    const device = new TestDevice(admin);
    expect((await device.pull()).last.includedThrough).toBe(0);
    const a = candidateArgs();
    await device.push([device.mutation('candidate.create', a), device.mutation('candidate.appendNote', { uid: a.uid, line: 'x' })]);
    const pulled = await device.pull();
    expect(pulled.last.includedThrough).toBe(2);
    expect(pulled.candidates.find((c) => c.uid === a.uid)?.notes).toBe('x');
  });
});

describe('pull: row shapes', () => {
  it('renders rows as the shared schemas say, exactly as the JavaScript mapping does', async () => {
    const device = new TestDevice(admin);
    const a = candidateArgs({
      phone: '+1 555 0100',
      location: 'Reno',
      source: 'Referral',
      experience: 'Ten years "in" sales\nand more',
      skills: 'cold calling, CRM',
      notes: 'line one\nline two',
      appliedDate: '2025-03-04T05:06:07.089Z',
    });
    const gone = candidateArgs();
    await device.push([
      device.mutation('candidate.create', a),
      device.mutation('candidate.setStatus', { uid: a.uid, status: 'interview' }),
      device.mutation('interviewNote.save', { uid: randomUUID(), candidateUid: a.uid, day: '2026-06-07', note: 'ünïcödé ✓' }),
      device.mutation('candidate.create', gone),
      device.mutation('candidate.delete', { uid: gone.uid }),
    ]);
    const row = await server.db.knex('candidates').where({ uid: a.uid }).first();
    await server.db.knex('experiences').insert({
      uid: randomUUID(),
      candidateId: row.id,
      title: 'AE',
      company: 'Acme',
      startDate: '2019-01',
      endDate: '2021-02',
      description: 'Closed deals',
      current: true,
    });
    const pulled = await new TestDevice(admin).pull();
    for (const c of pulled.candidates) candidateSchema.strict().parse(c);
    for (const e of pulled.experiences) experienceSchema.strict().parse(e);
    for (const n of pulled.interviewNotes) interviewNoteSchema.strict().parse(n);

    const mine = pulled.candidates.find((c) => c.uid === a.uid)!;
    expect(mine).toEqual(rowToCandidate(row));
    expect(mine.appliedDate).toBe('2025-03-04T05:06:07.089Z');
    const deleted = pulled.candidates.find((c) => c.uid === gone.uid)!;
    expect(deleted).toEqual(rowToCandidate(await server.db.knex('candidates').where({ uid: gone.uid }).first()));
    expect(deleted.deletedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const noteRow = await server.db.knex('interview_notes').where({ candidateId: row.id }).first();
    const { candidateId: _serverOnly, ...note } = rowToInterviewNote(noteRow, a.uid);
    expect(pulled.interviewNotes.find((n) => n.candidateUid === a.uid)).toEqual(note);
    expect(pulled.experiences.find((e) => e.candidateUid === a.uid)).toMatchObject({ endDate: '2021-02', current: true, deletedAt: null });

    const listed = (await admin.get('/api/candidates')).body.find((c: { uid: string }) => c.uid === a.uid);
    expect(candidateDtoSchema.strict().parse(listed)).toEqual(toCandidateDto(rowToCandidate(row)));
  });
});

describe('pull: shared clocks', () => {
  /** Every page of a new device's pull, as sent (before the protocol's schema reads them). */
  async function rawPull(asked: Record<string, string>) {
    const clientId = randomUUID();
    const candidates: Array<Record<string, unknown>> = [];
    const pages: unknown[] = [];
    for (let cursor: string | undefined; ; ) {
      const params = new URLSearchParams({ protocol: String(SYNC_PROTOCOL_VERSION), clientId, ...asked, ...(cursor ? { cursor } : {}) });
      const res = await admin.get(`/api/sync/pull?${params}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
      candidates.push(...res.body.candidates);
      if (res.body.done) return { pages, candidates };
      cursor = res.body.cursor;
    }
  }

  it('are rendered by PostgreSQL by the rule the device applies (sharedStamp)', async () => {
    const stamp = formatHlc({ millis: 1_800_000_000_000, counter: 0, node: 'a' });
    const later = formatHlc({ millis: 1_800_000_000_001, counter: 0, node: 'a' });
    const every = Object.fromEntries(CANDIDATE_LWW_FIELDS.map((field) => [field, stamp]));
    const { notes: _notes, ...missing } = every;
    for (const clocks of [every, { ...every, status: later }, { ...every, extra: stamp }, missing, {}]) {
      const { rows } = await server.db.knex.raw(`SELECT ${sharedClocksSql('v.fc')} AS c FROM (SELECT ?::jsonb AS fc) v`, [JSON.stringify(clocks)]);
      expect(rows[0].c, JSON.stringify(clocks)).toEqual(sharedStamp(clocks) ?? clocks);
    }
  });

  it("sends a candidate's clocks as the one stamp they share when asked, in full otherwise, and both read as the same rows", async () => {
    const [same, edited] = await createCandidates(2, 'clocks');
    const writer = new TestDevice(admin);
    await writer.push([writer.mutation('candidate.update', { uid: edited!.uid, changes: { location: 'Oslo' } })]);
    const stored = async (uid: string) => (await server.db.knex('candidates').where({ uid }).first()).fieldClocks as Record<string, string>;

    const shared = await rawPull({ sharedClocks: '1' });
    const full = await rawPull({});
    const sent = (pull: typeof shared, uid: string) => pull.candidates.find((c) => c.uid === uid)!.fieldClocks;
    expect(sent(shared, same!.uid)).toBe((await stored(same!.uid)).name);
    expect(sent(shared, edited!.uid)).toEqual(await stored(edited!.uid));
    expect(new Set(Object.values(await stored(edited!.uid))).size).toBe(2);
    expect(sent(full, same!.uid)).toEqual(await stored(same!.uid));

    const read = (pull: typeof shared) => pull.pages.flatMap((page) => readPullPage(pullResponseSchema.parse(page)).candidates);
    expect(read(shared)).toEqual(read(full));
    expect(read(shared).find((c) => c.uid === same!.uid)!.fieldClocks).toEqual(await stored(same!.uid));
  });
});

describe('pull: resets', () => {
  it('tells the device to start over when the database epoch changed', async () => {
    await createCandidates(2, 'epoch');
    const device = new TestDevice(admin);
    const before = await device.pull();
    expect(before.last.reset).toBe(false);
    await server.db.knex('app_settings').where({ key: 'syncEpoch' }).update({ value: JSON.stringify(randomUUID()) });
    const after = await device.pull();
    expect(after.pages[0]!.reset).toBe(true);
    expect(after.candidates.length).toBe(before.candidates.length);
  });

  it('tells the device to start over when its cursor is ahead of the database (restored from a backup)', async () => {
    const device = new TestDevice(admin);
    const first = await device.pull();
    const cursor = decodeCursor(first.last.cursor);
    const future = String(BigInt(cursor.p.candidates[0]) + 1_000_000n);
    device.cursor = encodeCursor({ ...cursor, p: { ...cursor.p, candidates: [future, 0] } });
    const again = await device.pull();
    expect(again.pages[0]!.reset).toBe(true);
    expect(again.candidates.length).toBe(first.candidates.length);
  });
});

describe('pull: transactions committing out of order', () => {
  it.skipIf(!process.env.DATABASE_URL)('misses nothing: a slow transaction delays rows, never hides them', async () => {
    const knex = server.db.knex;
    const device = new TestDevice(admin);
    await device.pull();
    const insert = (db: typeof knex, name: string) =>
      db('candidates').insert({ uid: randomUUID(), name, email: `${name}@slow.test` }).returning(['id', 'uid']);

    const slow = await knex.transaction();
    try {
      const [early] = await insert(slow, 'slow-early');
      // A quick writer commits after the slow one started: its row has a higher xid and a higher id.
      const [quick] = await insert(knex, 'quick');
      // And the device pushes a mutation meanwhile.
      const own = candidateArgs();
      await device.push([device.mutation('candidate.create', own)]);

      const between = await device.pull();
      // An `id > cursor` or `updated_at > cursor` pull would hand out `quick` now and skip `slow-*` forever.
      expect(between.candidates.map((c) => c.uid)).toEqual([]);
      // The device's own mutation committed, but is above the horizon: it must keep it in its outbox.
      expect(between.last.includedThrough).toBe(0);
      // Yet it is processed: the device must not push it again.
      expect(between.last.processedThrough).toBe(1);

      const [late] = await insert(slow, 'slow-late');
      await slow.commit();
      const after = await device.pull();
      expect(after.candidates.map((c) => c.uid).sort()).toEqual([early.uid, late.uid, quick.uid, own.uid].sort());
      expect(after.last.includedThrough).toBe(1);
      expect(early.id).toBeLessThan(quick.id);
      expect(late.id).toBeGreaterThan(quick.id);
    } finally {
      if (!slow.isCompleted()) await slow.rollback();
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('does not report a mutation as included while a row it wrote was written again beyond the horizon', async () => {
    const knex = server.db.knex;
    const device = new TestDevice(admin);
    const own = candidateArgs({ name: 'Before' });
    await device.push([device.mutation('candidate.create', own)]);
    const first = await device.pull();
    expect(first.last.includedThrough).toBe(1);
    await device.push([device.mutation('candidate.update', { uid: own.uid, changes: { name: 'Mine' } })]);
    const id = (await knex('candidates').where({ uid: own.uid }).first()).id;

    const slow = await knex.transaction();
    try {
      await slow('candidates').insert({ uid: randomUUID(), name: 'slow', email: 'slow@horizon.test' });
      // Another writer changes the same candidate and commits while the slow transaction holds the horizon.
      expect((await admin.patch(`/api/candidates/${id}`, { phone: '555-0123' })).status).toBe(200);
      const held = await device.pull();
      expect(held.candidates.map((c) => c.uid)).not.toContain(own.uid);
      // The device's edit committed below the horizon, but its row is newer than what the device gets:
      // it must keep replaying its edit instead of showing the old name.
      expect(held.last.includedThrough).toBe(1);
      expect(held.last.processedThrough).toBe(2);
      await slow.commit();
      const after = await device.pull();
      expect(after.candidates.find((c) => c.uid === own.uid)).toMatchObject({ name: 'Mine', phone: '555-0123' });
      expect(after.last.includedThrough).toBe(2);
    } finally {
      if (!slow.isCompleted()) await slow.rollback();
    }
  });
});

describe('pull: own rows', () => {
  /** Every page from `cursor` on, asked with or without confirmOwn; again until `uids` all came (a long transaction elsewhere holds the horizon back). */
  async function pullFrom(device: TestDevice, cursor: string, confirm: boolean, uids: string[]) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const candidates: Array<{ uid: string }> = [];
      const confirmed: Array<{ uid: string; id: number; from: number; through: number; count: number }> = [];
      let next = cursor;
      for (;;) {
        const params = new URLSearchParams({ clientId: device.clientId, cursor: next, ...(confirm ? { confirmOwn: '1' } : {}) });
        const res = await admin.get(`/api/sync/pull?${params}`);
        expect(res.status).toBe(200);
        candidates.push(...res.body.candidates);
        confirmed.push(...res.body.confirmed);
        next = res.body.cursor;
        if (res.body.done) break;
      }
      const came = new Set([...candidates, ...confirmed].map((row) => row.uid));
      if (uids.every((uid) => came.has(uid)) || Date.now() > deadline) return { candidates, confirmed };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('confirms rows only the asking client wrote since it last pulled; any other writer sends the row in full', async () => {
    const device = new TestDevice(admin);
    await device.pull();
    const cursor = device.cursor!;
    const rows = Array.from({ length: 4 }, (_, i) => candidateArgs({ name: `own ${i}`, email: `own${i}-${randomUUID().slice(0, 6)}@pull.test` }));
    // Stamped a minute back: every later write below must win, the clamped one too, which the server
    // stamps with the wall clock. The server's clock is the process's (lib/server-clock.ts): a file run
    // before this one in the same worker may have moved it up to five minutes ahead (a device's stamp
    // within the drift allowed), and the rows this device pulled above would then carry stamps that
    // far ahead, which its own clock would have taken on.
    const aMinuteAgo = formatHlc({ millis: Date.now() - 60_000, counter: 0, node: nodeIdFrom(device.clientId) });
    expect((await device.push([device.mutation('candidates.import', { rows }, aMinuteAgo)])).body.results[0].status).toBe('applied');
    // Row 1: a server-side writer (REST); row 2: another client; row 3: this client with a clock too far ahead (clamped).
    const [, byRest, byOther, clamped] = await Promise.all(rows.map((row) => server.db.knex('candidates').where({ uid: row.uid }).first()));
    expect((await admin.patch(`/api/candidates/${byRest.id}`, { location: 'Lima' })).status).toBe(200);
    const other = new TestDevice(admin);
    expect((await other.push([other.mutation('candidate.update', { uid: byOther.uid, changes: { phone: '7' } })])).status).toBe(200);
    const future = `${String(Date.now() + 3_600_000).padStart(15, '0')}-0000-${'a'.repeat(16)}`;
    expect((await device.push([device.mutation('candidate.update', { uid: clamped.uid, changes: { phone: '8' } }, future)])).body.results[0].status).toBe('applied');
    const uids: string[] = rows.map((row) => row.uid);

    // An older device does not ask: every row in full.
    const plain = await pullFrom(device, cursor, false, uids);
    expect(plain.confirmed).toEqual([]);
    expect(plain.candidates.filter((c) => uids.includes(c.uid))).toHaveLength(4);

    const asked = await pullFrom(device, cursor, true, uids);
    const first = await server.db.knex('candidates').where({ uid: rows[0]!.uid }).first();
    expect(asked.confirmed.filter((c) => uids.includes(c.uid))).toEqual([
      expect.objectContaining({ uid: rows[0]!.uid, id: Number(first.id), from: 1, through: 1, count: 1, deletedAt: null }),
    ]);
    expect(new Set(asked.candidates.filter((c) => uids.includes(c.uid)).map((c) => c.uid))).toEqual(new Set([byRest.uid, byOther.uid, clamped.uid]));

    // A pull that did not finish since (no `k` yet: a first pull) confirms nothing.
    expect((await pullFrom(new TestDevice(admin), '', true, uids)).confirmed).toEqual([]);
  });
});
