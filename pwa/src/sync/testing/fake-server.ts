/**
 * An in-memory stand-in for the sync server, following the documented protocol (ARCHITECTURE.md,
 * shared/sync/protocol.schema.ts): per-client mutation ids applied once and in order, replays answered
 * from stored results, a gap stops the push, invalid mutations rejected and still acknowledged; pull
 * by a version cursor with an epoch, `processedThrough` per client. It applies mutations with the shared
 * mutations (shared/mutations/), the code the real server runs, over Maps. For unit tests of the
 * engine's loop; the real server is tested in sync-server/tests.
 */
import type { Candidate, Experience, InterviewNote } from '@shared/schemas/candidate.schema';
import type { SavedView } from '@shared/schemas/saved-view.schema';
import type { ScheduledInterview } from '@shared/schemas/scheduled-interview.schema';
import { DEFAULT_SCORECARD_CRITERIA, type ScorecardCriterion } from '@shared/schemas/scorecard.schema';
import { applyCandidateChanges } from '@shared/sync/merge';
import { formatHlc } from '@shared/sync/hlc';
import { applyMutation, parseDeviceMutation } from '@shared/mutations/index';
import type { MutationStore } from '@shared/mutations/store';
import {
  PULL_PAGE_SIZE,
  type MutationResult,
  type PullQuery,
  type PullResponse,
  type PushRequest,
  type PushResponse,
} from '@shared/sync/protocol.schema';
import { emailKey } from '@/db/database';
import { mutationsOf, SyncError, type OutgoingPush, type SyncTransport } from '../transport';

interface Versioned<T> {
  row: T;
  version: number;
}

interface ClientState {
  processedThrough: number;
  results: Map<number, MutationResult>;
}

export class FakeSyncServer {
  epoch = 1;
  private version = 0;
  private nextId = 1;
  private serverMillis = Date.now();
  readonly candidates = new Map<string, Versioned<Candidate>>();
  readonly notes = new Map<string, Versioned<InterviewNote>>();
  readonly experiences = new Map<string, Versioned<Experience>>();
  readonly views = new Map<string, Versioned<SavedView>>();
  readonly interviews = new Map<string, Versioned<ScheduledInterview>>();
  /** The team's scorecard criteria, as the server's settings hold them. */
  scorecardCriteria: ScorecardCriterion[] = DEFAULT_SCORECARD_CRITERIA;
  /** The team's user ids (possible interviewers). */
  readonly team = new Set([1, 2]);
  readonly clients = new Map<string, ClientState>();
  /** Every push request received, for assertions. */
  readonly pushes: PushRequest[] = [];
  /** Answer the next calls with these failures (in order) instead of serving them. */
  readonly failures: Array<{ on: 'push' | 'pull'; error: SyncError; afterCommit?: boolean }> = [];
  /**
   * While set, pulls report no mutation above this one as included (a long transaction elsewhere holding
   * the real server's horizon back); processedThrough still tells what was processed.
   */
  includedThrough: number | null = null;
  /** Extra refusals, as a server mutator would refuse (reason), checked before applying. */
  refuse: (name: string, args: unknown) => string | null = () => null;

  private client(clientId: string): ClientState {
    let state = this.clients.get(clientId);
    if (!state) this.clients.set(clientId, (state = { processedThrough: 0, results: new Map() }));
    return state;
  }

  private rows(): MutationStore {
    return {
      getCandidates: async (uids) => uids.map((uid) => this.candidates.get(uid)?.row),
      liveCandidatesByEmail: async (keys) => {
        const wanted = new Set(keys);
        return [...this.candidates.values()].map((v) => v.row).filter((c) => !c.deletedAt && wanted.has(emailKey(c.email)));
      },
      putCandidates: async (rows) => {
        for (const row of rows) {
          const id = row.id ?? this.candidates.get(row.uid)?.row.id ?? this.nextId++;
          this.candidates.set(row.uid, { row: { ...row, id }, version: ++this.version });
        }
      },
      getInterviewNote: async (uid) => this.notes.get(uid)?.row,
      liveInterviewNoteFor: async (candidateUid, day) =>
        [...this.notes.values()].map((v) => v.row).find((n) => n.candidateUid === candidateUid && n.day === day && !n.deletedAt),
      putInterviewNote: async (row) => {
        this.notes.set(row.uid, { row: { ...row, id: row.id ?? this.nextId++ }, version: ++this.version });
      },
      interviewNotesOf: async (candidateUid) => [...this.notes.values()].map((v) => v.row).filter((n) => n.candidateUid === candidateUid && !n.deletedAt),
      getSavedView: async (uid) => this.views.get(uid)?.row,
      putSavedView: async (row) => {
        this.views.set(row.uid, { row: { ...row, id: row.id ?? this.nextId++ }, version: ++this.version });
      },
      getScheduledInterview: async (uid) => this.interviews.get(uid)?.row,
      putScheduledInterview: async (row) => {
        this.interviews.set(row.uid, { row: { ...row, id: row.id ?? this.nextId++ }, version: ++this.version });
      },
      scheduledInterviewsOf: async (candidateUid) => [...this.interviews.values()].map((v) => v.row).filter((row) => row.candidateUid === candidateUid && !row.deletedAt),
      isTeamMember: async (userId) => this.team.has(userId),
      scorecardCriterionIds: async () => new Set(this.scorecardCriteria.map((criterion) => criterion.id)),
      recordEvents: () => {},
    };
  }

  private async applyOne(name: string, args: unknown, hlc: string): Promise<MutationResult['status'] | string> {
    const parsed = parseDeviceMutation(name, args);
    if (!parsed.ok) return parsed.reason;
    const refusal = this.refuse(name, parsed.mutation.args);
    if (refusal) return refusal;
    const outcome = await applyMutation(this.rows(), parsed.mutation, { hlc, now: new Date().toISOString(), userId: 1 });
    return outcome.status === 'applied' ? 'applied' : outcome.reason!;
  }

  async push(sent: OutgoingPush): Promise<PushResponse> {
    // What the wire carries: the body's mutations, when the push wrote them (push.ts).
    const request: PushRequest = { clientId: sent.clientId, mutations: await mutationsOf(sent) };
    this.pushes.push(structuredClone(request));
    const client = this.client(request.clientId);
    const results: MutationResult[] = [];
    for (const mutation of request.mutations) {
      if (mutation.id <= client.processedThrough) {
        const stored = client.results.get(mutation.id);
        if (stored) results.push(stored);
        continue;
      }
      if (mutation.id > client.processedThrough + 1) break;
      const outcome = await this.applyOne(mutation.name, mutation.args, mutation.hlc);
      const result: MutationResult =
        outcome === 'applied' ? { id: mutation.id, status: 'applied' } : { id: mutation.id, status: 'rejected', reason: outcome };
      client.results.set(mutation.id, result);
      client.processedThrough = mutation.id;
      results.push(result);
    }
    return { processedThrough: client.processedThrough, results };
  }

  pull(query: PullQuery): PullResponse {
    const [epoch, version] = (query.cursor ?? '').split(':').map(Number);
    const reset = query.cursor !== undefined && epoch !== this.epoch;
    const since = query.cursor && !reset ? version! : 0;
    // The server's default (pull.service.ts), should a test ask without a size (the device always asks one).
    const limit = query.limit ?? PULL_PAGE_SIZE;
    type Item = { kind: 'c' | 'n' | 'e' | 'v' | 'i'; version: number; row: unknown };
    const items: Item[] = [
      ...[...this.candidates.values()].map((v) => ({ kind: 'c' as const, version: v.version, row: v.row })),
      ...[...this.notes.values()].map((v) => ({ kind: 'n' as const, version: v.version, row: v.row })),
      ...[...this.experiences.values()].map((v) => ({ kind: 'e' as const, version: v.version, row: v.row })),
      ...[...this.views.values()].map((v) => ({ kind: 'v' as const, version: v.version, row: v.row })),
      ...[...this.interviews.values()].map((v) => ({ kind: 'i' as const, version: v.version, row: v.row })),
    ]
      .filter((item) => item.version > since)
      .sort((a, b) => a.version - b.version);
    const page = items.slice(0, limit);
    const last = page.length ? page[page.length - 1]!.version : since;
    return {
      cursor: `${this.epoch}:${last}`,
      done: items.length <= limit,
      reset,
      includedThrough: Math.min(this.client(query.clientId).processedThrough, this.includedThrough ?? Infinity),
      processedThrough: this.client(query.clientId).processedThrough,
      candidates: page.filter((i) => i.kind === 'c').map((i) => i.row as Candidate),
      confirmed: [],
      experiences: page.filter((i) => i.kind === 'e').map((i) => i.row as Experience),
      interviewNotes: page.filter((i) => i.kind === 'n').map((i) => i.row as InterviewNote),
      savedViews: page.filter((i) => i.kind === 'v').map((i) => i.row as SavedView),
      scheduledInterviews: page.filter((i) => i.kind === 'i').map((i) => i.row as ScheduledInterview),
      erased: [],
    };
  }

  /** A change made on the server (another device, an integration): stamped with a server clock. */
  edit(uid: string, changes: Partial<Candidate>): void {
    const current = this.candidates.get(uid)!.row;
    const stamp = formatHlc({ millis: ++this.serverMillis + 1000, counter: 0, node: 'server' });
    const { record } = applyCandidateChanges(current, changes as never, stamp, new Date().toISOString());
    this.candidates.set(uid, { row: record, version: ++this.version });
  }

  /** As if restored from an older backup: a new epoch, and these clients forgotten. */
  restore(forgetClients: boolean): void {
    this.epoch += 1;
    if (forgetClients) this.clients.clear();
  }

  transport(): SyncTransport {
    const take = (on: 'push' | 'pull') => {
      const index = this.failures.findIndex((f) => f.on === on);
      return index === -1 ? null : this.failures.splice(index, 1)[0]!;
    };
    return {
      push: async (request) => {
        const failure = take('push');
        if (failure && !failure.afterCommit) throw failure.error;
        const response = await this.push(request);
        if (failure) throw failure.error; // committed, but the answer was lost
        return structuredClone(response);
      },
      pull: async (query) => {
        const failure = take('pull');
        if (failure) throw failure.error;
        return structuredClone(this.pull(query));
      },
    };
  }
}
