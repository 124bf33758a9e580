/**
 * Runs lead searches in the background, on any number of server instances sharing one PostgreSQL.
 *
 * Ownership: a runner claims a claimable job (queued, or running with its lease expired or released)
 * with `FOR UPDATE SKIP LOCKED`, stamping locked_by with a token of that claim and lease_until; it
 * renews the lease on a heartbeat and stops if the renewal finds the job gone to another claim. Every
 * write is fenced on `locked_by = this claim's token AND status = 'running'`, so a run that stalled past
 * its lease can never write again — even when its own runner has since claimed the job afresh.
 *
 * Progress: each provider page is saved in one transaction together with the job's counts and the
 * provider's next_page. A restart therefore resumes from the last saved page — no page is saved twice
 * and none is skipped. Cancellation is a flag the heartbeat and each page read.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { upsertLeads } from './lead.service';
import { ProviderError, type PeopleSearchProvider } from './provider';
import { loadProviderKey, markProviderKeyUsed } from './provider-key.service';
import { LeadSearchJobModel } from './search-job.model';
import { failureFor, type JobFailure } from './search-job.failures';

/** Lets a request on this instance wake its runners instead of waiting for their next poll. */
export const leadSearchSignals = new EventEmitter();
leadSearchSignals.setMaxListeners(100);
export const JOB_QUEUED = 'queued';

export interface LeadSearchRunnerOptions {
  knex: Knex;
  provider: PeopleSearchProvider;
  secretKey: string;
  workerId?: string;
  pollIntervalMs?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  /** Jobs this runner works on at once (different users; one job per user at a time). */
  concurrency?: number;
  log?: (message: string, error?: unknown) => void;
}

type StopReason = 'stop' | 'cancel' | 'lost';

interface Claim {
  job: LeadSearchJobModel;
  /** This claim's locked_by: `{workerId}/{uuid}`. */
  token: string;
}
/** Pages in a row without people before a search counts as exhausted. */
const MAX_EMPTY_PAGES = 3;

export class LeadSearchRunner {
  readonly workerId: string;
  readonly #knex: Knex;
  readonly #provider: PeopleSearchProvider;
  readonly #secret: string;
  readonly #pollMs: number;
  readonly #leaseMs: number;
  readonly #heartbeatMs: number;
  readonly #concurrency: number;
  readonly #log: (message: string, error?: unknown) => void;
  /** Runs in hand, by claim token. */
  readonly #running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  #timer: NodeJS.Timeout | undefined;
  #started = false;
  #polling = false;
  #release = true;
  readonly #onQueued = () => this.kick();

  constructor(options: LeadSearchRunnerOptions) {
    this.workerId = options.workerId ?? `runner-${randomUUID()}`;
    this.#knex = options.knex;
    this.#provider = options.provider;
    this.#secret = options.secretKey;
    this.#pollMs = options.pollIntervalMs ?? 1000;
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#heartbeatMs = options.heartbeatMs ?? Math.max(50, Math.floor(this.#leaseMs / 3));
    this.#concurrency = options.concurrency ?? 2;
    this.#log = options.log ?? ((message, error) => console.error(`[rephire] ${message}`, error ?? ''));
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    leadSearchSignals.on(JOB_QUEUED, this.#onQueued);
    this.kick();
  }

  /**
   * Stops claiming, aborts the jobs in hand and waits for them. With `release` (a graceful shutdown)
   * their leases are handed back so another instance resumes them at once; without it (as if the
   * process died) they wait for the lease to run out.
   */
  async stop({ release = true }: { release?: boolean } = {}): Promise<void> {
    this.#started = false;
    this.#release = release;
    leadSearchSignals.off(JOB_QUEUED, this.#onQueued);
    clearTimeout(this.#timer);
    for (const { controller } of this.#running.values()) controller.abort('stop' satisfies StopReason);
    await Promise.all([...this.#running.values()].map((r) => r.done));
  }

  /** Looks for work now rather than at the next poll. */
  kick(): void {
    if (!this.#started) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), 0);
  }

  async #poll(): Promise<void> {
    if (!this.#started || this.#polling) return;
    this.#polling = true;
    try {
      while (this.#started && this.#running.size < this.#concurrency) {
        const claim = await this.#claim();
        if (!claim) break;
        const controller = new AbortController();
        const done = this.#run(claim, controller).finally(() => {
          this.#running.delete(claim.token);
          this.kick();
        });
        this.#running.set(claim.token, { controller, done });
      }
    } catch (error) {
      this.#log('lead search runner could not claim a job', error);
    } finally {
      this.#polling = false;
      if (this.#started) {
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => void this.#poll(), this.#pollMs);
      }
    }
  }

  #leaseExpiry() {
    return this.#knex.raw('now() + make_interval(secs => ?)', [this.#leaseMs / 1000]);
  }

  /**
   * Claims the oldest claimable job under a token of its own: locked_by names this claim, not just
   * this runner, so a run that outlived its lease is fenced off even if the same runner claimed the job
   * again meanwhile.
   */
  async #claim(): Promise<Claim | undefined> {
    const knex = this.#knex;
    const token = `${this.workerId}/${randomUUID()}`;
    const claimed = (await LeadSearchJobModel.query(knex)
      .patch({
        status: 'running',
        lockedBy: token,
        leaseUntil: this.#leaseExpiry(),
        startedAt: knex.raw('coalesce(started_at, now())'),
        attempts: knex.raw('attempts + 1'),
        updatedAt: knex.fn.now(),
      } as never)
      .whereRaw(
        `id = (SELECT id FROM lead_search_jobs
                WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < now())
                ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      )
      .returning('*')) as unknown as LeadSearchJobModel[];
    return claimed[0] ? { job: claimed[0], token } : undefined;
  }

  /** A fenced update: applies only while this claim still owns the running job. */
  #owned(trx: Knex, claim: Claim) {
    return trx('lead_search_jobs').where({ id: claim.job.id, lockedBy: claim.token, status: 'running' });
  }

  async #heartbeat(claim: Claim, controller: AbortController): Promise<void> {
    try {
      const rows = (await this.#owned(this.#knex, claim)
        .update({ leaseUntil: this.#leaseExpiry() })
        .returning(['cancelRequested'])) as Array<{ cancelRequested: boolean }>;
      if (rows.length === 0) controller.abort('lost' satisfies StopReason);
      else if (rows[0]!.cancelRequested) controller.abort('cancel' satisfies StopReason);
    } catch (error) {
      this.#log('lead search heartbeat failed', error);
    }
  }

  async #finish(claim: Claim, status: 'completed' | 'failed' | 'cancelled', failure?: JobFailure): Promise<void> {
    await this.#owned(this.#knex, claim).update({
      status,
      lockedBy: null,
      leaseUntil: null,
      finishedAt: this.#knex.fn.now(),
      updatedAt: this.#knex.fn.now(),
      errorCode: failure?.code ?? null,
      errorMessage: failure?.message ?? null,
      errorDetail: failure?.detail ?? null,
      errorAction: failure?.action ?? null,
    });
  }

  async #run(claim: Claim, controller: AbortController): Promise<void> {
    const { job } = claim;
    const heartbeat = setInterval(() => void this.#heartbeat(claim, controller), this.#heartbeatMs);
    try {
      await this.#work(claim, controller.signal);
    } catch (error) {
      const reason = controller.signal.aborted ? (controller.signal.reason as StopReason) : undefined;
      try {
        if (reason === 'cancel') await this.#finish(claim, 'cancelled');
        else if (reason === 'stop' && this.#release) await this.#owned(this.#knex, claim).update({ lockedBy: null, leaseUntil: null });
        else if (!reason) {
          if (!(error instanceof ProviderError)) this.#log(`lead search ${job.id} failed`, error);
          const fresh = await LeadSearchJobModel.query(this.#knex).findById(job.id);
          await this.#finish(claim, 'failed', failureFor(error, fresh ?? job));
        }
      } catch (writeError) {
        this.#log(`lead search ${job.id} could not record its end`, writeError);
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  async #work(claim: Claim, signal: AbortSignal): Promise<void> {
    const { job } = claim;
    if (job.cancelRequested) return this.#finish(claim, 'cancelled');
    const key = await loadProviderKey(this.#knex, this.#secret, job.userId);
    if (!key.ok) return this.#finish(claim, 'failed', failureFor(key.reason, job));
    await markProviderKeyUsed(this.#knex, job.userId);
    const inputs = { jobTitleInput: job.jobTitle, locationInput: job.locationInput };
    const query = { roleTitle: job.jobTitle, country: job.query.country, region: job.query.region, city: job.query.city };
    let { processedCount: processed, nextPage, pagesFetched, emptyPages } = job;
    for (;;) {
      signal.throwIfAborted();
      const remaining = job.requestedCount - processed;
      if (remaining <= 0 || (pagesFetched > 0 && !nextPage)) return this.#finish(claim, 'completed');
      const page = await this.#provider.searchPeople({
        apiKey: key.apiKey,
        query,
        pageSize: Math.min(this.#provider.maxPageSize, remaining),
        pageToken: nextPage,
        signal,
      });
      const people = page.people.slice(0, remaining);
      const step = await this.#knex.transaction(async (trx) => {
        const owned = (await this.#owned(trx, claim).forUpdate().first('cancelRequested')) as { cancelRequested: boolean } | undefined;
        if (!owned) return 'lost' as const;
        const saved = await upsertLeads(trx, job.userId, inputs, people);
        const nowProcessed = processed + people.length;
        const empty = people.length === 0 ? emptyPages + 1 : 0;
        const complete = nowProcessed >= job.requestedCount || !page.nextPage || empty >= MAX_EMPTY_PAGES;
        const ending = complete || owned.cancelRequested;
        await this.#owned(trx, claim).update({
          processedCount: nowProcessed,
          newCount: trx.raw('new_count + ?', [saved.inserted]),
          updatedCount: trx.raw('updated_count + ?', [saved.updated]),
          pagesFetched: pagesFetched + 1,
          emptyPages: empty,
          nextPage: page.nextPage,
          totalAvailable: page.totalResults,
          leaseUntil: ending ? null : this.#leaseExpiry(),
          lockedBy: ending ? null : claim.token,
          status: complete ? 'completed' : owned.cancelRequested ? 'cancelled' : 'running',
          finishedAt: ending ? trx.fn.now() : null,
          updatedAt: trx.fn.now(),
        });
        processed = nowProcessed;
        nextPage = page.nextPage;
        pagesFetched += 1;
        emptyPages = empty;
        return ending ? ('ended' as const) : ('more' as const);
      });
      if (step === 'lost') this.#log(`lead search ${job.id}: another runner took it over; this page was dropped`);
      if (step !== 'more') return;
    }
  }
}
