/**
 * Delivers the REST hook outbox (webhook_deliveries, filled by triggers in the transaction of each
 * candidate change: migration 20261129000000_webhooks) on every server instance sharing one PostgreSQL.
 *
 * Ownership: a deliverer claims due rows with `FOR UPDATE SKIP LOCKED`, stamping them with a token of
 * that claim and a lease, in a short transaction of its own (an open transaction during the HTTP calls
 * would hold back every device's pull). Each row is then POSTed once; the outcome is written fenced on
 * the claim's token. A deliverer that dies mid-way leaves leases that run out, and whoever claims next
 * sends those rows again: delivery is at least once, with the event's id for the receiver to drop a repeat.
 *
 * Order: a row is claimable only when no earlier row of the same candidate is owed to the same target
 * URL (claimed, waiting for a retry or not), so one candidate's events reach a hook in the order they
 * committed — also when one URL follows both events; events of different candidates go in parallel.
 *
 * Outcomes: 2xx delivered (the row goes); 410 Gone unsubscribes the hook (Zapier's convention: the Zap
 * was turned off or deleted), with whatever it was still owed; anything else — another status, a
 * refused or unreachable target, a timeout — is retried with exponential backoff until the event is
 * GIVE_UP_AFTER_MS old, then dropped with a log line.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { Knex } from 'knex';
import type { ZapierEvent } from '@shared/schemas/zapier.schema';
import { rowToCandidate, toCandidateDto, toIso } from '../candidates/candidate.store';
import { isTransientDbError } from '../db/transient';
import { throttledLog } from '../throttled-log';
import { resolveAll, TargetRefused, vetTarget, type TargetPolicy, type VettedTarget } from './target-policy';

export const GIVE_UP_AFTER_MS = 30 * 60 * 1000;

export interface WebhookDelivererOptions {
  knex: Knex;
  /** Addresses deliveries may reach although internal (WEBHOOK_ALLOWED_ADDRESSES). */
  allowedAddresses?: readonly string[];
  /** Extra certificate authorities to trust (tests' local receivers); NODE_EXTRA_CA_CERTS does this for a process. */
  ca?: string;
  resolve?: TargetPolicy['resolve'];
  workerId?: string;
  /**
   * How often an idle deliverer looks for work: an empty claim costs a fraction of a millisecond of
   * the database, and this wait is most of an event's delay when the outbox is quiet.
   */
  pollIntervalMs?: number;
  /** Rows claimed at once (all of them are sent in parallel, up to `concurrency`). */
  batchSize?: number;
  concurrency?: number;
  /** One delivery's time limit, connection to answer. */
  timeoutMs?: number;
  /** How long a claim holds: longer than a delivery can take, so only a dead deliverer's claims run out. */
  leaseMs?: number;
  /** The first retry's delay; each next one doubles, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  giveUpAfterMs?: number;
  log?: (message: string, error?: unknown) => void;
}

interface ClaimedRow {
  id: string;
  subscriptionId: number;
  eventId: string;
  event: ZapierEvent;
  candidate: Record<string, unknown>;
  previousStatus: string | null;
  occurredAt: Date | string;
  attempts: number;
  targetUrl: string;
}

type Outcome = { kind: 'delivered' } | { kind: 'gone' } | { kind: 'failed'; error: string };

/** The JSON a hook receives (shared/schemas/zapier.schema.ts, webhookEventSchema). */
export function eventBody(row: Pick<ClaimedRow, 'eventId' | 'event' | 'candidate' | 'previousStatus' | 'occurredAt'>): string {
  return JSON.stringify({
    id: row.eventId,
    event: row.event,
    occurredAt: toIso(row.occurredAt),
    candidate: toCandidateDto(rowToCandidate(row.candidate)),
    previousStatus: row.previousStatus,
  });
}

const MAX_ERROR_LENGTH = 300;
/** After a failed round (the database unreachable, say): wait at least this long, and log once per interval. */
const FAILED_ROUND_PAUSE_MS = 1_000;
const FAILED_ROUND_LOG_MS = 10_000;
/** Resolved target hosts are re-checked at most this often. */
const DNS_CACHE_MS = 30_000;
/** What is read of a receiver's answer before it is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

export class WebhookDeliverer {
  readonly workerId: string;
  readonly #knex: Knex;
  readonly #policy: TargetPolicy;
  readonly #ca: string | undefined;
  readonly #pollMs: number;
  readonly #batchSize: number;
  readonly #concurrency: number;
  readonly #timeoutMs: number;
  readonly #leaseMs: number;
  readonly #retryBaseMs: number;
  readonly #retryMaxMs: number;
  readonly #giveUpAfterMs: number;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 32 });
  readonly #resolved = new Map<string, { addresses: Array<{ address: string; family: number }>; until: number }>();
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #cycle: Promise<void> | undefined;
  #abort = new AbortController();
  readonly #logFailedRound = throttledLog(FAILED_ROUND_LOG_MS, (line) => this.#log(line));

  constructor(options: WebhookDelivererOptions) {
    this.workerId = options.workerId ?? `hooks-${randomUUID()}`;
    this.#knex = options.knex;
    const resolve = options.resolve ?? resolveAll;
    this.#policy = { allowedAddresses: options.allowedAddresses ?? [], resolve: (hostname) => this.#cachedResolve(hostname, resolve) };
    this.#ca = options.ca;
    this.#pollMs = options.pollIntervalMs ?? 50;
    this.#batchSize = options.batchSize ?? 100;
    this.#concurrency = options.concurrency ?? 16;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#leaseMs = options.leaseMs ?? this.#timeoutMs * 3;
    this.#retryBaseMs = options.retryBaseMs ?? 1_000;
    this.#retryMaxMs = options.retryMaxMs ?? 5 * 60_000;
    this.#giveUpAfterMs = options.giveUpAfterMs ?? GIVE_UP_AFTER_MS;
    this.#log = options.log ?? ((message, error) => console.error(`[rephire] ${message}`, error ?? ''));
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#abort = new AbortController();
    this.kick();
  }

  /**
   * Stops claiming, cuts off deliveries under way and hands their rows back at once, so another
   * instance (or this one, restarted) sends them without waiting for the lease.
   */
  async stop(): Promise<void> {
    this.#started = false;
    clearTimeout(this.#timer);
    this.#abort.abort();
    await this.#cycle;
    this.#agent.destroy();
  }

  /** Looks for work now rather than at the next poll. */
  kick(): void {
    if (!this.#started) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#runCycle(), 0);
  }

  #runCycle(): void {
    if (this.#cycle || !this.#started) return;
    let pause = this.#pollMs;
    this.#cycle = this.#work()
      .catch((error: unknown) => {
        pause = Math.max(this.#pollMs, FAILED_ROUND_PAUSE_MS);
        const why = isTransientDbError(error) ? 'database unavailable' : (error as Error)?.stack || String(error);
        this.#logFailedRound(`webhook deliverer could not deliver (${why}); trying again`);
      })
      .finally(() => {
        this.#cycle = undefined;
        if (!this.#started) return;
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => this.#runCycle(), pause);
      });
  }

  /** Claims and delivers batches until nothing is due. */
  async #work(): Promise<void> {
    while (this.#started) {
      const token = `${this.workerId}/${randomUUID()}`;
      const rows = await this.#claim(token);
      if (rows.length === 0) return;
      const outcomes = await this.#deliverAll(rows);
      await this.#settle(token, rows, outcomes);
    }
  }

  async #claim(token: string): Promise<ClaimedRow[]> {
    const { rows } = await this.#knex.raw(
      `UPDATE webhook_deliveries d
          SET locked_by = ?, lease_until = now() + make_interval(secs => ?), attempts = d.attempts + 1
         FROM webhook_subscriptions s
        WHERE s.id = d.subscription_id
          AND d.id IN (
            SELECT o.id FROM webhook_deliveries o
             WHERE o.next_attempt_at <= now() AND (o.lease_until IS NULL OR o.lease_until < now())
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                                WHERE e.target = o.target AND e.candidate_id = o.candidate_id AND e.id < o.id)
             ORDER BY o.id
             LIMIT ?
               FOR UPDATE OF o SKIP LOCKED)
        RETURNING d.id, d.subscription_id, d.event_id, d.event, d.candidate, d.previous_status, d.occurred_at, d.attempts, s.target_url`,
      [token, this.#leaseMs / 1000, this.#batchSize],
    );
    return (rows as Array<Record<string, unknown>>).map((row) => ({
      id: String(row.id),
      subscriptionId: Number(row.subscription_id),
      eventId: row.event_id as string,
      event: row.event as ZapierEvent,
      candidate: row.candidate as Record<string, unknown>,
      previousStatus: (row.previous_status as string | null) ?? null,
      occurredAt: row.occurred_at as string,
      attempts: Number(row.attempts),
      targetUrl: row.target_url as string,
    }));
  }

  async #deliverAll(rows: ClaimedRow[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(rows.length);
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const i = next++;
        outcomes[i] = await this.#deliver(rows[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.#concurrency, rows.length) }, worker));
    return outcomes;
  }

  async #deliver(row: ClaimedRow): Promise<Outcome> {
    if (this.#abort.signal.aborted) return { kind: 'failed', error: 'stopped' };
    try {
      const target = await vetTarget(row.targetUrl, this.#policy);
      const status = await this.#post(target, eventBody(row), row.eventId);
      if (status >= 200 && status < 300) return { kind: 'delivered' };
      if (status === 410) return { kind: 'gone' };
      return { kind: 'failed', error: `answered ${status}` };
    } catch (error) {
      const message = error instanceof TargetRefused ? error.message : (error as Error)?.message || String(error);
      return { kind: 'failed', error: message };
    }
  }

  #post(target: VettedTarget, body: string, eventId: string): Promise<number> {
    const pinned = { address: target.address, family: target.family };
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) (callback as (e: null, a: unknown[]) => void)(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const signal = AbortSignal.any([this.#abort.signal, AbortSignal.timeout(this.#timeoutMs)]);
    return new Promise<number>((resolve, reject) => {
      const req = request(
        target.url,
        {
          method: 'POST',
          lookup,
          signal,
          agent: this.#agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'RepHire/1.0 (REST hooks)',
            'x-rephire-event-id': eventId,
          },
          ...(this.#ca ? { ca: this.#ca } : {}),
        },
        (response) => void drain(response).then(() => resolve(response.statusCode ?? 0), reject),
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Writes the outcomes of one claim: each statement fenced on its token, so a claim that ran out writes nothing. */
  async #settle(token: string, rows: ClaimedRow[], outcomes: Outcome[]): Promise<void> {
    const delivered: string[] = [];
    const gone = new Set<number>();
    const dropped: string[] = [];
    const retries: { ids: string[]; delays: number[]; errors: string[] } = { ids: [], delays: [], errors: [] };
    const stopped: string[] = [];
    const now = Date.now();
    rows.forEach((row, i) => {
      const outcome = outcomes[i]!;
      if (outcome.kind === 'delivered') delivered.push(row.id);
      else if (outcome.kind === 'gone') gone.add(row.subscriptionId);
      else if (outcome.error === 'stopped' || (this.#abort.signal.aborted && !this.#started)) stopped.push(row.id);
      else {
        const deadline = new Date(row.occurredAt).getTime() + this.#giveUpAfterMs;
        const delay = Math.min(this.#retryMaxMs, this.#retryBaseMs * 2 ** Math.min(row.attempts - 1, 30)) * (0.8 + Math.random() * 0.4);
        if (now + delay > deadline) {
          dropped.push(row.id);
          this.#log(`webhook event ${row.eventId} (${row.event}) to ${row.targetUrl} given up after ${row.attempts} attempts: ${outcome.error}`);
        } else {
          retries.ids.push(row.id);
          retries.delays.push(delay / 1000);
          retries.errors.push(outcome.error.slice(0, MAX_ERROR_LENGTH));
        }
      }
    });
    const knex = this.#knex;
    const done = [...delivered, ...dropped];
    if (done.length) await knex.raw('DELETE FROM webhook_deliveries WHERE id = ANY(?::bigint[]) AND locked_by = ?', [done, token]);
    if (gone.size) await knex.raw('DELETE FROM webhook_subscriptions WHERE id = ANY(?::int[])', [[...gone]]);
    if (retries.ids.length) {
      await knex.raw(
        `UPDATE webhook_deliveries d
            SET locked_by = NULL, lease_until = NULL, next_attempt_at = now() + make_interval(secs => r.delay), last_error = r.error
           FROM (SELECT unnest(?::bigint[]) AS id, unnest(?::float8[]) AS delay, unnest(?::text[]) AS error) r
          WHERE d.id = r.id AND d.locked_by = ?`,
        [retries.ids, retries.delays, retries.errors, token],
      );
    }
    // Cut off by a shutdown: not the receiver's fault, so handed back as they were.
    if (stopped.length) {
      await knex.raw(
        'UPDATE webhook_deliveries SET locked_by = NULL, lease_until = NULL, attempts = attempts - 1 WHERE id = ANY(?::bigint[]) AND locked_by = ?',
        [stopped, token],
      );
    }
  }

  async #cachedResolve(hostname: string, resolve: TargetPolicy['resolve']) {
    const cached = this.#resolved.get(hostname);
    if (cached && cached.until > Date.now()) return cached.addresses;
    const addresses = await resolve(hostname);
    if (this.#resolved.size > 1000) this.#resolved.clear();
    this.#resolved.set(hostname, { addresses, until: Date.now() + DNS_CACHE_MS });
    return addresses;
  }
}

async function drain(response: IncomingMessage): Promise<void> {
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      response.destroy();
      return;
    }
  }
}
