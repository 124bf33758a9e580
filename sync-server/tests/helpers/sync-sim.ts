/**
 * A simulated device for the sync property test: it keeps the rows it pulled (its base), an outbox of
 * mutations, and what each mutation should leave behind (evidence). Like the real device it drops an
 * outbox entry only once a pull reports it (lastMutationId), never on a push answer, which may be lost.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { Candidate, InterviewNote } from '@shared/schemas/candidate.schema';
import type { Mutation, MutationName } from '@shared/sync/protocol.schema';
import type { HttpClient } from './http-client';
import type { TestDevice } from './sync-device';

export type Evidence =
  | { kind: 'field'; uid: string; field: string; value: string }
  | { kind: 'noteLine'; uid: string; line: string }
  | { kind: 'exists'; uid: string }
  | { kind: 'deleted'; uid: string }
  | { kind: 'interviewNote'; candidateUid: string; day: string; text: string }
  | { kind: 'importRow'; email: string; field: string; value: string };

export type PushMode = 'normal' | 'dropRequest' | 'dropResponse' | 'duplicate' | 'reorder';

const DELETED_REASON = 'The candidate was deleted; the change is kept in its history';

function evidenceOf(mutation: Mutation): Evidence[] {
  const args = mutation.args as Record<string, any>;
  switch (mutation.name as MutationName) {
    case 'candidate.create':
      return [{ kind: 'exists', uid: args.uid }];
    case 'candidate.update':
      return Object.entries(args.changes).map(([field, value]) => ({ kind: 'field', uid: args.uid, field, value: String(value) }));
    case 'candidate.setStatus':
      return [
        { kind: 'field', uid: args.uid, field: 'status', value: args.status },
        { kind: 'noteLine', uid: args.uid, line: args.noteLine },
      ];
    case 'candidate.appendNote':
      return [{ kind: 'noteLine', uid: args.uid, line: args.line }];
    case 'candidate.undoStatus':
      // Takes back what an earlier change proved: nothing of its own to look for.
      return [];
    case 'candidate.delete':
      return [{ kind: 'deleted', uid: args.uid }];
    case 'interviewNote.save':
      return [{ kind: 'interviewNote', candidateUid: args.candidateUid, day: args.day, text: args.note }];
    case 'candidates.import':
      return args.rows.map((row: Record<string, string>) => ({ kind: 'importRow', email: row.email, field: 'location', value: row.location }));
  }
}

export class SimDevice {
  private readonly base = new Map<string, Candidate>();
  private readonly notes = new Map<string, InterviewNote>();
  private readonly localUids: string[] = [];
  private outbox: Mutation[] = [];
  private readonly written: Mutation[] = [];
  unexpectedRejections: string[] = [];

  constructor(readonly device: TestDevice) {}

  create(email: string): void {
    const uid = randomUUID();
    this.localUids.push(uid);
    this.write('candidate.create', { uid, name: email.split('@')[0]!, email, status: 'new', skills: '', notes: '' });
  }

  write(name: MutationName, args: Record<string, unknown>): void {
    const mutation = this.device.mutation(name, args);
    this.outbox.push(mutation);
    this.written.push(mutation);
  }

  /** A candidate this device knows (pulled or created here), or undefined when it knows none. */
  pick(n: number): string | undefined {
    const uids = [...new Set([...this.base.keys(), ...this.localUids])].sort();
    return uids.length ? uids[n % uids.length] : undefined;
  }

  knownServerIds(): number[] {
    return [...this.base.values()].filter((c) => !c.deletedAt && c.id !== null).map((c) => c.id!);
  }

  pending(): number {
    return this.outbox.length;
  }

  async push(mode: PushMode): Promise<void> {
    const all = [...this.outbox];
    if (mode === 'dropRequest' || all.length === 0) return;
    if (mode === 'duplicate') {
      await Promise.all([this.device.push(all), this.device.push(all)]);
      return;
    }
    if (mode === 'reorder') {
      // A later request overtakes an earlier one: the suffix arrives first (a gap), then everything.
      await this.device.push(all.slice(Math.floor(all.length / 2)));
    }
    const res = await this.device.push(all);
    if (res.status !== 200) throw new Error(`push failed: ${res.status} ${res.text}`);
  }

  /** Pulls to the end and applies the rows; `lose` throws the answer away after one page instead. */
  async pull(lose: boolean): Promise<void> {
    if (lose) {
      const saved = this.device.cursor;
      await this.device.pullPage(2);
      this.device.cursor = saved;
      return;
    }
    const result = await this.device.pull(5);
    if (result.pages.some((page) => page.reset)) {
      this.base.clear();
      this.notes.clear();
    }
    for (const candidate of result.candidates) this.base.set(candidate.uid, candidate);
    for (const note of result.interviewNotes) this.notes.set(note.uid, note);
    this.outbox = this.outbox.filter((m) => m.id > result.last.lastMutationId);
  }

  candidates(): Candidate[] {
    return [...this.base.values()];
  }

  interviewNotes(): InterviewNote[] {
    return [...this.notes.values()];
  }

  /** What this device's mutations must have left; also records rejections other than "deleted". */
  async collect(knex: Knex): Promise<Evidence[]> {
    const results = await knex('applied_mutations').where({ clientId: this.device.clientId });
    expect(results).toHaveLength(this.written.length);
    this.unexpectedRejections = results
      .filter((r) => r.status === 'rejected' && r.reason !== DELETED_REASON)
      .map((r) => `${r.mutationId} ${r.name}: ${r.reason}`);
    return this.written.flatMap(evidenceOf);
  }
}

export const serverWriters = {
  /** A Zapier arrival: creates, or updates the live candidate with that email. */
  async zapier(http: HttpClient, key: string, email: string, location: string): Promise<Evidence[]> {
    const res = await http.post('/api/zapier/candidates', { name: email.split('@')[0], email, location }, { headers: { 'x-api-key': key } });
    if (res.status !== 200 && res.status !== 201) throw new Error(`zapier failed: ${res.status} ${res.text}`);
    return [{ kind: 'importRow', email, field: 'location', value: location }];
  },

  /** An admin's deduplication (merging or not). */
  async dedup(http: HttpClient, merge: boolean): Promise<void> {
    const res = await http.post(merge ? '/api/candidates/deduplicate' : '/api/candidates/dedup-now');
    if (res.status !== 200) throw new Error(`dedup failed: ${res.status} ${res.text}`);
  },

  /** A recruiter's REST edit between device syncs. */
  async patch(http: HttpClient, ids: number[], pick: number, location: string, status: string): Promise<Evidence[]> {
    if (ids.length === 0) return [];
    const id = ids[pick % ids.length]!;
    const res = await http.patch(`/api/candidates/${id}`, { location, status });
    if (res.status === 404) return [];
    if (res.status !== 200) throw new Error(`patch failed: ${res.status} ${res.text}`);
    return [
      { kind: 'field', uid: res.body.uid, field: 'location', value: location },
      { kind: 'field', uid: res.body.uid, field: 'status', value: status },
    ];
  },
};

interface EventRow {
  candidateUid: string;
  field: string;
  value: { v: unknown } | null;
}

/** Every piece of evidence is visible in its record, or kept in candidate_events. */
export async function checkEvidence(knex: Knex, evidence: Evidence[]): Promise<void> {
  const candidates = await knex('candidates');
  const byUid = new Map(candidates.map((c) => [c.uid as string, c]));
  const notes = await knex('interview_notes as n').join('candidates as c', 'c.id', 'n.candidateId').select('n.*', 'c.uid as candidateUid');
  const events = (await knex('candidate_events')) as EventRow[];
  const eventsOf = (uid: string) => events.filter((e) => e.candidateUid === uid);
  const lostValue = (uid: string, field: string, matches: (value: unknown) => boolean) =>
    eventsOf(uid).some(
      (e) =>
        (e.field === field && matches(e.value?.v)) ||
        (e.field === '*' && matches((e.value?.v as Record<string, unknown> | undefined)?.[field])),
    );
  const contains = (line: string) => (value: unknown) => typeof value === 'string' && value.includes(line);

  for (const item of evidence) {
    let ok: boolean;
    switch (item.kind) {
      case 'exists':
        ok = byUid.has(item.uid);
        break;
      case 'deleted':
        ok = byUid.get(item.uid)?.deletedAt != null;
        break;
      case 'field':
        ok = byUid.get(item.uid)?.[item.field] === item.value || lostValue(item.uid, item.field, (v) => v === item.value);
        break;
      case 'noteLine': {
        const notes: string = byUid.get(item.uid)?.notes ?? '';
        // Applied exactly once: a replayed append must not add the line again.
        expect(notes.split(item.line).length - 1, `line appended twice: ${item.line}`).toBeLessThanOrEqual(1);
        ok = notes.includes(item.line) || lostValue(item.uid, 'notes', contains(item.line));
        break;
      }
      case 'interviewNote':
        ok =
          notes.some((n) => n.candidateUid === item.candidateUid && n.day === item.day && n.note === item.text) ||
          lostValue(item.candidateUid, `interviewNote:${item.day}`, (v) => v === item.text);
        break;
      case 'importRow': {
        const matching = candidates.filter((c) => c.email.trim().toLowerCase() === item.email.toLowerCase());
        ok = matching.some((c) => c[item.field] === item.value || lostValue(c.uid, item.field, (v) => v === item.value));
        break;
      }
    }
    expect(ok, `acknowledged change neither visible nor in candidate_events: ${JSON.stringify(item)}`).toBe(true);
  }
}
