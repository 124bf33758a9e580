/**
 * Property: several devices making random offline edits, syncing at random with lost push answers and
 * failed pulls, end up with exactly the server's rows once everyone has synced; and no change is lost
 * silently — every appended note line is on the server, or its candidate is deleted, or the device lists
 * the change as rejected with a reason.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_STATUSES, type Candidate } from '@shared/schemas/candidate.schema';
import { fromLocalCandidate } from '@/db/database';
import { createCandidatesRepo } from '@/features/candidates/repo';
import { createInterviewsRepo } from '@/features/interviews/repo';
import { createSyncEngine } from './engine';
import { FakeEnvironment } from './testing/fake-environment';
import { FakeSyncServer } from './testing/fake-server';
import { ownedDb } from './testing/fixtures';
import { SyncError } from './transport';

const DEVICES = 3;
const EMAILS = ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io', 'e@x.io'];

const device = fc.integer({ min: 0, max: DEVICES - 1 });
const pick = fc.nat(20);
const op = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('create' as const), device, email: fc.constantFrom(...EMAILS) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      device,
      pick,
      field: fc.constantFrom('phone', 'location', 'name'),
      value: fc.constantFrom('1', '2', 'Oslo', 'Rome', 'Ann', 'Bo'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('append' as const), device, pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('status' as const), device, pick, status: fc.constantFrom(...CANDIDATE_STATUSES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), device, pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      device,
      emails: fc.array(fc.constantFrom(...EMAILS), { minLength: 1, maxLength: 4 }),
      location: fc.constantFrom('Paris', 'Lima', undefined),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('interview' as const), device, pick, day: fc.constantFrom('2026-01-01', '2026-01-02'), text: fc.constantFrom('ok', 'great', 'no') }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sync' as const), device, failure: fc.constantFrom('none', 'none', 'lostPush', 'failedPull') }) },
);

const projection = (c: Candidate) => ({
  uid: c.uid,
  name: c.name,
  email: c.email,
  phone: c.phone,
  location: c.location,
  status: c.status,
  notes: c.notes,
  deleted: c.deletedAt !== null,
});

describe('devices converge on the server state', () => {
  it('after random offline edits and unreliable syncs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const server = new FakeSyncServer();
        const devices = await Promise.all(
          Array.from({ length: DEVICES }, async () => {
            const db = await ownedDb();
            const engine = createSyncEngine({ db, transport: server.transport(), env: new FakeEnvironment().env });
            return { db, engine, candidates: createCandidatesRepo(db), interviews: createInterviewsRepo(db) };
          }),
        );
        const appended: Array<{ uid: string; line: string; device: number }> = [];
        let lines = 0;
        try {
          for (const o of ops) {
            const d = devices[o.device]!;
            const live = 'pick' in o ? await d.candidates.listCandidates() : [];
            const target = live.length && 'pick' in o ? live[o.pick % live.length]! : null;
            if (o.kind === 'create') await d.candidates.createCandidate({ name: 'New', email: o.email });
            else if (o.kind === 'import') await d.candidates.importCandidates(o.emails.map((email) => ({ name: 'Imp', email, location: o.location })));
            else if (o.kind === 'sync') {
              if (o.failure === 'lostPush') server.failures.push({ on: 'push', error: new SyncError('network', 'x'), afterCommit: true });
              if (o.failure === 'failedPull') server.failures.push({ on: 'pull', error: new SyncError('network', 'x') });
              await d.engine.syncNow();
              server.failures.length = 0;
            } else if (target) {
              if (o.kind === 'update') await d.candidates.updateCandidate(target.uid, { [o.field]: o.value });
              else if (o.kind === 'append') {
                const line = `line ${++lines}`;
                await d.candidates.appendNote(target.uid, line);
                appended.push({ uid: target.uid, line, device: o.device });
              } else if (o.kind === 'status') await d.candidates.setStatus(target.uid, o.status);
              else if (o.kind === 'delete') await d.candidates.deleteCandidate(target.uid);
              else if (o.kind === 'interview') await d.interviews.saveInterviewNote(target.uid, o.day, o.text);
            }
          }
          // Everyone pushes, then everyone pulls.
          for (const d of devices) expect(await d.engine.syncNow()).toEqual({ ok: true });
          for (const d of devices) expect(await d.engine.syncNow()).toEqual({ ok: true });

          const serverRows = [...server.candidates.values()].map((v) => projection(v.row)).sort((a, b) => a.uid.localeCompare(b.uid));
          const serverNotes = [...server.notes.values()].map((v) => [v.row.uid, v.row.note]).sort();
          for (const d of devices) {
            expect(await d.db.outbox.count()).toBe(0);
            const rows = (await d.db.candidates.toArray()).map((row) => projection(fromLocalCandidate(row))).sort((a, b) => a.uid.localeCompare(b.uid));
            expect(rows).toEqual(serverRows);
            expect((await d.db.interviewNotes.toArray()).map((n) => [n.uid, n.note]).sort()).toEqual(serverNotes);
          }
          for (const { uid, line, device: index } of appended) {
            const row = server.candidates.get(uid)?.row;
            const rejected = (await devices[index]!.db.rejected.toArray()).some((r) => (r.args as { line?: string }).line === line);
            expect(Boolean(row?.notes.split('\n').includes(line) || row?.deletedAt || rejected)).toBe(true);
          }
        } finally {
          for (const d of devices) await d.db.delete();
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
