/**
 * A minimal device for server tests: numbers its mutations, stamps them with its own clock, pushes
 * them and pulls pages until done, keeping its cursor. The real device engine lives in pwa/src/sync;
 * this one only speaks the protocol.
 */
import { randomUUID } from 'node:crypto';
import { HybridLogicalClock, nodeIdFrom } from '@shared/sync/hlc';
import { SYNC_PROTOCOL_VERSION, type Mutation, type MutationArgs, type MutationName, type PullResponse } from '@shared/sync/protocol.schema';
import type { ApiResponse, HttpClient } from './http-client';

export interface PullResult {
  pages: PullResponse[];
  last: PullResponse;
  candidates: PullResponse['candidates'];
  experiences: PullResponse['experiences'];
  interviewNotes: PullResponse['interviewNotes'];
  scheduledInterviews: PullResponse['scheduledInterviews'];
  erased: PullResponse['erased'];
}

export class TestDevice {
  readonly clientId = randomUUID();
  readonly clock: HybridLogicalClock;
  cursor: string | undefined;
  /** The includedThrough of its last finished pull, sent with the next (as the app does). */
  includedThrough = 0;
  private nextId = 1;

  constructor(
    readonly http: HttpClient,
    now: () => number = Date.now,
  ) {
    this.clock = new HybridLogicalClock(nodeIdFrom(this.clientId), now);
  }

  mutation<N extends MutationName>(name: N, args: MutationArgs<N> | Record<string, unknown>, hlc?: string): Mutation {
    return { id: this.nextId++, name, args, hlc: hlc ?? this.clock.tick() };
  }

  push(mutations: Mutation[]): Promise<ApiResponse> {
    return this.http.post('/api/sync/push', { protocol: SYNC_PROTOCOL_VERSION, clientId: this.clientId, mutations });
  }

  pullPage(limit?: number): Promise<ApiResponse<PullResponse>> {
    const params = new URLSearchParams({ protocol: String(SYNC_PROTOCOL_VERSION), clientId: this.clientId });
    if (this.cursor) params.set('cursor', this.cursor);
    if (limit) params.set('limit', String(limit));
    if (this.includedThrough) params.set('includedThrough', String(this.includedThrough));
    return this.http.get<PullResponse>(`/api/sync/pull?${params}`);
  }

  /** Pulls until done; throws on a non-200 answer. */
  async pull(limit?: number): Promise<PullResult> {
    const pages: PullResponse[] = [];
    for (;;) {
      const res = await this.pullPage(limit);
      if (res.status !== 200) throw new Error(`pull failed: ${res.status} ${res.text}`);
      pages.push(res.body);
      this.cursor = res.body.cursor;
      for (const c of res.body.candidates) for (const stamp of Object.values(c.fieldClocks)) this.clock.receive(stamp);
      if (res.body.done) {
        this.includedThrough = res.body.includedThrough;
        break;
      }
    }
    return {
      pages,
      last: pages[pages.length - 1]!,
      candidates: pages.flatMap((p) => p.candidates),
      experiences: pages.flatMap((p) => p.experiences),
      interviewNotes: pages.flatMap((p) => p.interviewNotes),
      scheduledInterviews: pages.flatMap((p) => p.scheduledInterviews ?? []),
      erased: pages.flatMap((p) => p.erased),
    };
  }
}

export function candidateArgs(overrides: Record<string, unknown> = {}) {
  const uid = randomUUID();
  return {
    uid,
    name: `Candidate ${uid.slice(0, 6)}`,
    email: `${uid.slice(0, 8)}@example.com`,
    status: 'new' as const,
    skills: '',
    notes: '',
    ...overrides,
  };
}
