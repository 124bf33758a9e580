/**
 * Property: however devices edit offline and however their pushes travel (dropped, duplicated,
 * reordered, answered or not) and whatever server-side writers do in between, once everyone has synced
 * every device holds exactly the server's rows, and every change the server acknowledged is either
 * visible or kept in candidate_events.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Candidate, InterviewNote } from '@shared/schemas/candidate.schema';
import { interviewNoteUid } from '@shared/sync/ids';
import { startTestServer, type TestServer } from './helpers/test-server';
import type { HttpClient } from './helpers/http-client';
import { TestDevice } from './helpers/sync-device';
import { SimDevice, type Evidence, checkEvidence, serverWriters } from './helpers/sync-sim';

let server: TestServer;
let users: HttpClient[];
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  users = [await server.adminClient(), await server.recruiterClient()];
  apiKey = (await users[1]!.post('/api/api-keys', { name: 'property' })).body.key;
});
afterAll(() => server.close());

const EMAILS = ['ann@x.test', 'bob@x.test', 'cy@x.test', 'dee@x.test'];
const WORDS = ['Austin', 'Boston', 'Chicago', 'Denver'];
const DAYS = ['2026-02-01', '2026-02-02'];

const pick = fc.nat(50);
const command = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), device: fc.nat(2), email: fc.constantFrom(...EMAILS) }),
  fc.record({
    kind: fc.constant('update' as const),
    device: fc.nat(2),
    pick,
    field: fc.constantFrom('location', 'phone', 'name'),
    value: fc.constantFrom(...WORDS),
  }),
  fc.record({ kind: fc.constant('setStatus' as const), device: fc.nat(2), pick, status: fc.constantFrom('new', 'interview', 'hired', 'rejected') }),
  fc.record({ kind: fc.constant('appendNote' as const), device: fc.nat(2), pick }),
  fc.record({ kind: fc.constant('delete' as const), device: fc.nat(2), pick }),
  fc.record({ kind: fc.constant('note' as const), device: fc.nat(2), pick, day: fc.constantFrom(...DAYS) }),
  fc.record({
    kind: fc.constant('import' as const),
    device: fc.nat(2),
    rows: fc.array(fc.record({ email: fc.constantFrom(...EMAILS), location: fc.constantFrom(...WORDS) }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('push' as const),
    device: fc.nat(2),
    mode: fc.constantFrom('normal', 'dropRequest', 'dropResponse', 'duplicate', 'reorder'),
  }),
  fc.record({ kind: fc.constant('pull' as const), device: fc.nat(2), lose: fc.boolean() }),
  // One device pushes while another pulls and a recruiter edits: commits interleave with the pull.
  fc.record({ kind: fc.constant('concurrent' as const), device: fc.nat(2), other: fc.nat(2), pick, value: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constant('serverPatch' as const), pick, value: fc.constantFrom(...WORDS), status: fc.constantFrom('screening', 'offer') }),
  fc.record({ kind: fc.constant('zapier' as const), email: fc.constantFrom(...EMAILS), value: fc.constantFrom(...WORDS) }),
  fc.record({ kind: fc.constant('dedup' as const), merge: fc.boolean() }),
);

const scenario = fc.record({
  // Device clock offsets: some behind, some more than five minutes ahead (clamped by the server).
  offsets: fc.array(fc.integer({ min: -10 * 60_000, max: 10 * 60_000 }), { minLength: 3, maxLength: 3 }),
  commands: fc.array(command, { minLength: 5, maxLength: 30 }),
});

it('converges and loses no acknowledged change', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ offsets, commands }) => {
      const devices = offsets.map((offset, i) => new SimDevice(new TestDevice(users[i % users.length]!, () => Date.now() + offset)));
      const evidence: Evidence[] = [];
      for (const cmd of commands) {
        const device = devices['device' in cmd ? cmd.device : 0]!;
        switch (cmd.kind) {
          case 'create':
            device.create(cmd.email);
            break;
          case 'update': {
            const uid = device.pick(cmd.pick);
            if (uid) device.write('candidate.update', { uid, changes: { [cmd.field]: cmd.value } });
            break;
          }
          case 'setStatus': {
            const uid = device.pick(cmd.pick);
            if (uid) device.write('candidate.setStatus', { uid, status: cmd.status, noteLine: `status line ${randomUUID()}` });
            break;
          }
          case 'appendNote': {
            const uid = device.pick(cmd.pick);
            if (uid) device.write('candidate.appendNote', { uid, line: `note line ${randomUUID()}` });
            break;
          }
          case 'delete': {
            // Deleting is for administrators (users[0]); a recruiter's device does not offer it.
            const uid = cmd.device % users.length === 0 ? device.pick(cmd.pick) : undefined;
            if (uid) device.write('candidate.delete', { uid });
            break;
          }
          case 'note': {
            const uid = device.pick(cmd.pick);
            if (uid) {
              const noteUid = await interviewNoteUid(uid, cmd.day);
              device.write('interviewNote.save', { uid: noteUid, candidateUid: uid, day: cmd.day, note: `interview ${randomUUID()}` });
            }
            break;
          }
          case 'import':
            device.write('candidates.import', {
              rows: cmd.rows.map((row) => ({ uid: randomUUID(), name: row.email.split('@')[0]!, ...row })),
            });
            break;
          case 'push':
            await device.push(cmd.mode);
            break;
          case 'pull':
            await device.pull(cmd.lose);
            break;
          case 'concurrent': {
            const [, , patched] = await Promise.all([
              device.push('normal'),
              devices[cmd.other]!.pull(false),
              serverWriters.patch(users[1]!, device.knownServerIds(), cmd.pick, cmd.value, 'assessment'),
            ]);
            evidence.push(...patched);
            break;
          }
          case 'zapier':
            evidence.push(...(await serverWriters.zapier(server.client(), apiKey, cmd.email, cmd.value)));
            break;
          case 'dedup':
            await serverWriters.dedup(users[0]!, cmd.merge);
            break;
          case 'serverPatch': {
            const written = await serverWriters.patch(users[0]!, device.knownServerIds(), cmd.pick, cmd.value, cmd.status);
            evidence.push(...written);
            break;
          }
        }
      }
      for (let round = 0; round < 3 && devices.some((d) => d.pending() > 0); round++) {
        for (const device of devices) await device.push('normal');
        for (const device of devices) await device.pull(false);
      }
      for (const device of devices) await device.pull(false);
      const truth = new SimDevice(new TestDevice(users[0]!));
      await truth.pull(false);
      for (const device of devices) {
        expect(device.pending()).toBe(0);
        expect(sorted(device.candidates())).toEqual(sorted(truth.candidates()));
        expect(sorted(device.interviewNotes())).toEqual(sorted(truth.interviewNotes()));
        evidence.push(...(await device.collect(server.db.knex)));
        expect(device.unexpectedRejections).toEqual([]);
      }
      await checkEvidence(server.db.knex, evidence);
    }),
    { numRuns: process.env.DATABASE_URL ? 12 : 8, endOnFailure: true },
  );
});

function sorted<T extends Candidate | InterviewNote>(rows: T[]): T[] {
  return [...rows].sort((a, b) => a.uid.localeCompare(b.uid));
}
