/**
 * Delivers the REST hook outbox (webhook_deliveries, filled by triggers in the transaction of each
 * candidate change: migration 20261129000000_webhooks) on every server instance sharing one PostgreSQL.
 *
 * Ownership: a deliverer claims due rows with `FOR UPDATE SKIP LOCKED` (outbox.store.ts), stamping them
 * with a token of that claim and a lease, in a short statement of its own (an open transaction during
 * the HTTP calls would hold back every device's pull). It claims only as many rows as it has free
 * delivery slots, so each claimed row is sent at once and the lease need only outlast one delivery. The
 * outcomes are written in batches, fenced on the claims' tokens. A deliverer that dies mid-way leaves
 * leases that run out, and whoever claims next sends those rows again: delivery is at least once, with
 * the event's id for the receiver to drop a repeat.
 *
 * Order: a row is claimable only when no earlier row of the same candidate is owed to the same target
 * URL (claimed, waiting for a retry or not), so one candidate's events reach a hook in the order they
 * committed — also when one URL follows both events; events of different candidates go in parallel,
 * at most `perTarget` at once to one target, so a slow or dead receiver cannot take every slot.
 *
 * Outcomes: 2xx delivered (the row goes); 410 Gone unsubscribes the hook (Zapier's convention: the Zap
 * was turned off or deleted), with whatever it was still owed; anything else — another status, a
 * refused or unreachable target, a timeout — is retried with exponential backoff until the event is
 * giveUpAfterMs (30 minutes) old, then dropped with a log line.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:https';
import type { Knex } from 'knex';
import { rowToCandidate, toCandidateDto } from '../candidates/candidate.store';
import { toIso } from '../db/row-values';
import { isTransientDbError } from '../db/transient';
import { throttledLog } from '../lib/throttled-log';
import { postHook } from './hook-request';
import { claimDue, settle, type ClaimedRow, type Settlement } from './outbox.store';
import { resolveAll, TargetRefused, vetTarget, type TargetPolicy } from './target-policy';

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
   * How often an idle deliverer looks for work without being woken (kick(): the app calls it after each
   * request that may have written, so events this instance commits leave at once): for events other
   * instances committed, retries coming due, and claims of a dead instance running out.
   */
  pollIntervalMs?: number;
  /** Deliveries under way at once, and at once to one target URL. */
  concurrency?: number;
  perTarget?: number;
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

type Outcome = { kind: 'delivered' } | { kind: 'gone' } | { kind: 'failed'; error: string } | { kind: 'stopped' };

const MAX_ERROR_LENGTH = 300;
/** Resolved target hosts are re-checked at most this often. */
const DNS_CACHE_MS = 30_000;
/** After a failed claim or settle (the database unreachable, say): wait at least this long, and log once per interval. */
const FAILURE_PAUSE_MS = 1_000;
const FAILURE_LOG_MS = 10_000;
/** How long an outcome waits for others to be written with it. */
const FLUSH_DELAY_MS = 5;
/** How long a kick waits for others to make one claim with them. */
const KICK_GATHER_MS = 5;
/** Deliveries ended since the last claim that make a busy deliverer claim again. */
const CLAIM_AFTER_FREED = 8;

export class WebhookDeliverer {
  readonly workerId: string;
  readonly #knex: Knex;
  readonly #policy: TargetPolicy;
  readonly #ca: string | undefined;
  readonly #pollMs: number;
  readonly #concurrency: number;
  readonly #perTarget: number;
  readonly #timeoutMs: number;
  readonly #leaseMs: number;
  readonly #retryBaseMs: number;
  readonly #retryMaxMs: number;
  readonly #giveUpAfterMs: number;
  readonly #log: (message: string, error?: unknown) => void;
  readonly #logFailure = throttledLog(FAILURE_LOG_MS, (line) => this.#log(line));
  readonly #agent: Agent;
  readonly #resolved = new Map<string, { addresses: Array<{ address: string; family: number }>; until: number }>();
  #started = false;
  #abort = new AbortController();
  #loop: Promise<void> | undefined;
  /** Deliveries under way, and how many per target. */
  readonly #inFlight = new Set<Promise<void>>();
  readonly #perTargetInFlight = new Map<string, number>();
  readonly #controllers = new Set<AbortController>();
  /** Outcomes not yet written, and the write under way. */
  #unsettled: Settlement[] = [];
  #settling: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  /** Woken since the last claim began: what woke it (events committed, outcomes written) may be newer than that claim's snapshot. */
  #kicked = false;
  #flushTimer: NodeJS.Timeout | undefined;
  #freedSinceClaim = 0;
  #kickTimer: NodeJS.Timeout | undefined;

  constructor(options: WebhookDelivererOptions) {
    this.workerId = options.workerId ?? `hooks-${randomUUID()}`;
    this.#knex = options.knex;
    const resolve = options.resolve ?? resolveAll;
    this.#policy = { allowedAddresses: options.allowedAddresses ?? [], resolve: (hostname) => this.#cachedResolve(hostname, resolve) };
    this.#ca = options.ca;
    this.#pollMs = options.pollIntervalMs ?? 250;
    this.#concurrency = options.concurrency ?? 64;
    this.#perTarget = Math.min(this.#concurrency, options.perTarget ?? 32);
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#leaseMs = options.leaseMs ?? this.#timeoutMs * 3;
    this.#retryBaseMs = options.retryBaseMs ?? 1_000;
    this.#retryMaxMs = options.retryMaxMs ?? 5 * 60_000;
    this.#giveUpAfterMs = options.giveUpAfterMs ?? GIVE_UP_AFTER_MS;
    this.#log = options.log ?? ((message, error) => console.error(`[rephire] ${message}`, error ?? ''));
    this.#agent = new Agent({ keepAlive: true, maxSockets: this.#concurrency });
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#abort = new AbortController();
    this.#loop = this.#run();
  }

  /**
   * Stops claiming, cuts off deliveries under way and hands their rows back at once, so another
   * instance (or this one, restarted) sends them without waiting for the lease.
   */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    this.#abort.abort();
    for (const controller of this.#controllers) controller.abort(new Error('stopped'));
    clearTimeout(this.#kickTimer);
    this.#kickTimer = undefined;
    this.#wake?.();
    await this.#loop;
    this.#agent.destroy();
  }

  /** Looks for work now rather than at the next poll (hook events may have been committed). */
  kick(): void {
    this.#kicked = true;
    // Kicks close together (a busy writer commits hundreds a second) make one claim.
    this.#kickTimer ??= setTimeout(() => {
      this.#kickTimer = undefined;
      this.#wake?.();
    }, KICK_GATHER_MS);
  }

  async #run(): Promise<void> {
    while (this.#started) {
      this.#kicked = false;
      this.#freedSinceClaim = 0;
      const free = this.#concurrency - this.#inFlight.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const rows = await claimDue(this.#knex, {
            token: `${this.workerId}/${randomUUID()}`,
            leaseMs: this.#leaseMs,
            limit: free,
            perTarget: this.#perTarget,
            allowance: this.#allowance(),
          });
          claimed = rows.length;
          for (const row of rows) this.#launch(row);
        } catch (error) {
          this.#failed('claim', error);
          await this.#idle(FAILURE_PAUSE_MS, false);
          continue;
        }
      }
      // A claim that filled every free slot may have left more: claim again at once. Otherwise wait for
      // the poll or a kick: events committed, deliveries ended, outcomes written (shares freed, a
      // candidate's next event claimable).
      if (claimed > 0 && claimed === free) continue;
      await this.#idle(this.#pollMs);
    }
    await Promise.all(this.#inFlight);
    clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    while (this.#settling || this.#unsettled.length) await this.#flush();
  }

  #idle(ms: number, wakeable = true): Promise<void> {
    if (wakeable && this.#kicked && !this.#kickTimer) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        if (!wakeable && this.#started) return;
        this.#wake = undefined;
        done();
      };
    });
  }

  /** What each target with deliveries under way may still take. */
  #allowance(): Record<string, number> {
    return Object.fromEntries([...this.#perTargetInFlight].map(([target, n]) => [target, this.#perTarget - n]));
  }

  #launch(row: ClaimedRow): void {
    this.#perTargetInFlight.set(row.target, (this.#perTargetInFlight.get(row.target) ?? 0) + 1);
    const delivery = this.#deliver(row).then((outcome) => {
      this.#inFlight.delete(delivery);
      const left = this.#perTargetInFlight.get(row.target)! - 1;
      if (left) this.#perTargetInFlight.set(row.target, left);
      else this.#perTargetInFlight.delete(row.target);
      this.#unsettled.push(this.#settlement(row, outcome));
      // Enough slots freed to be worth a claim now rather than after the outcomes are written.
      if (++this.#freedSinceClaim >= CLAIM_AFTER_FREED) this.kick();
      // Outcomes finishing close together are written together.
      this.#flushTimer ??= setTimeout(() => {
        this.#flushTimer = undefined;
        void this.#flush();
      }, FLUSH_DELAY_MS);
    });
    this.#inFlight.add(delivery);
  }

  async #deliver(row: ClaimedRow): Promise<Outcome> {
    if (this.#abort.signal.aborted) return { kind: 'stopped' };
    // A controller of its own (rather than AbortSignal.any over the deliverer's), which nothing
    // long-lived keeps a reference to once the delivery ends.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${this.#timeoutMs / 1000} s`)), this.#timeoutMs);
    this.#controllers.add(controller);
    try {
      const target = await vetTarget(row.targetUrl, this.#policy);
      const status = await postHook(target, eventBody(row), {
        agent: this.#agent,
        signal: controller.signal,
        ca: this.#ca,
        headers: { 'user-agent': 'RepHire/1.0 (REST hooks)', 'x-rephire-event-id': row.eventId },
      });
      if (status >= 200 && status < 300) return { kind: 'delivered' };
      if (status === 410) return { kind: 'gone' };
      return { kind: 'failed', error: `answered ${status}` };
    } catch (error) {
      if (this.#abort.signal.aborted) return { kind: 'stopped' };
      const cause = controller.signal.aborted ? controller.signal.reason : error;
      const message = cause instanceof TargetRefused ? cause.message : (cause as Error)?.message || String(cause);
      return { kind: 'failed', error: message };
    } finally {
      clearTimeout(timer);
      this.#controllers.delete(controller);
    }
  }

  /** What becomes of a row after an attempt: a failure is retried with backoff until its event is too old. */
  #settlement(row: ClaimedRow, outcome: Outcome): Settlement {
    if (outcome.kind === 'delivered') return { row, kind: 'done' };
    if (outcome.kind === 'gone') return { row, kind: 'gone' };
    if (outcome.kind === 'stopped') return { row, kind: 'release' };
    const left = new Date(row.occurredAt).getTime() + this.#giveUpAfterMs - Date.now();
    if (left <= 0) {
      // The hook's id, not its URL: a target URL is a secret of its Zap.
      this.#log(`webhook event ${row.eventId} (${row.event}) to hook ${row.subscriptionId} given up after ${row.attempts} attempts: ${outcome.error}`);
      return { row, kind: 'done' };
    }
    const backoff = Math.min(this.#retryMaxMs, this.#retryBaseMs * 2 ** Math.min(row.attempts - 1, 30)) * (0.8 + Math.random() * 0.4);
    // The last retry falls when the event turns giveUpAfterMs old.
    return { row, kind: 'retry', delaySeconds: Math.min(backoff, left) / 1000, error: outcome.error.slice(0, MAX_ERROR_LENGTH) };
  }

  /** Writes the outcomes gathered so far, one write at a time; outcomes arriving meanwhile go in the next. */
  #flush(): Promise<void> {
    if (this.#settling) return this.#settling;
    this.#settling = this.#settleGathered().finally(() => {
      this.#settling = undefined;
      if (this.#unsettled.length) void this.#flush();
      // Written outcomes free slots, targets' shares and candidates' next events: look again.
      this.kick();
    });
    return this.#settling;
  }

  async #settleGathered(): Promise<void> {
    while (this.#unsettled.length) {
      const batch = this.#unsettled;
      this.#unsettled = [];
      try {
        await settle(this.#knex, batch);
      } catch (error) {
        // Unwritten, the rows keep their claim until the lease runs out, then are sent again.
        this.#failed('record deliveries', error);
      }
    }
  }

  #failed(what: string, error: unknown): void {
    const why = isTransientDbError(error) ? 'database unavailable' : (error as Error)?.stack || String(error);
    this.#logFailure(`webhook deliverer could not ${what} (${why}); trying again`);
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
