/**
 * The REST hook outbox's queries (webhook_deliveries, migration 20261129000000_webhooks): claiming due
 * rows for one delivery attempt each, and writing what became of them. Every write after a claim is
 * fenced on the claim's token, so a claim whose lease ran out (its deliverer stalled or died, and the
 * row was claimed again since) changes nothing.
 */
import type { Knex } from 'knex';
import type { ZapierEvent } from '@shared/schemas/zapier.schema';

export interface ClaimedRow {
  id: string;
  token: string;
  subscriptionId: number;
  eventId: string;
  event: ZapierEvent;
  /** md5 of the target URL: the key of the per-target order and limits. */
  target: string;
  targetUrl: string;
  candidate: Record<string, unknown>;
  previousStatus: string | null;
  occurredAt: string;
  /** Attempts so far, this one included. */
  attempts: number;
}

/** Due rows a claim looks at: the oldest, so its cost does not grow with a backlog. */
const CLAIM_WINDOW = 500;

/**
 * Claims up to `limit` due rows under `token` until the lease runs out: rows not claimed by anyone
 * (or whose claim ran out) with no earlier row of the same candidate owed to the same target, oldest
 * due first, skipping rows another deliverer is claiming this moment — and at most `allowance[target]`
 * (default `perTarget`) rows of one target, targets with no allowance left not even looked at.
 */
export async function claimDue(
  knex: Knex,
  options: { token: string; leaseMs: number; limit: number; perTarget: number; allowance: Record<string, number> },
): Promise<ClaimedRow[]> {
  const full = Object.entries(options.allowance).filter(([, n]) => n <= 0).map(([target]) => target);
  const { rows } = await knex.raw(
    `WITH due AS (
       SELECT o.id, o.target, o.next_attempt_at FROM webhook_deliveries o
        WHERE o.next_attempt_at <= now() AND (o.lease_until IS NULL OR o.lease_until < now())
          AND o.target <> ALL(?::text[])
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                           WHERE e.target = o.target AND e.candidate_id = o.candidate_id AND e.id < o.id)
        ORDER BY o.next_attempt_at, o.id
        LIMIT ${CLAIM_WINDOW}
     ), allowed AS (
       SELECT id FROM (
         SELECT id, target, row_number() OVER (PARTITION BY target ORDER BY next_attempt_at, id) AS n FROM due) r
        WHERE r.n <= COALESCE((?::jsonb ->> r.target)::int, ?)
     )
     UPDATE webhook_deliveries d
        SET locked_by = ?, lease_until = now() + make_interval(secs => ?), attempts = d.attempts + 1
       FROM webhook_subscriptions s
      WHERE s.id = d.subscription_id
        AND d.id IN (
          SELECT w.id FROM webhook_deliveries w
           WHERE w.id IN (SELECT id FROM allowed)
             AND w.next_attempt_at <= now() AND (w.lease_until IS NULL OR w.lease_until < now())
           ORDER BY w.next_attempt_at, w.id
           LIMIT ?
             FOR UPDATE OF w SKIP LOCKED)
      RETURNING d.id, d.subscription_id, d.event_id, d.event, d.target, d.candidate, d.previous_status, d.occurred_at, d.attempts, s.target_url`,
    [full, JSON.stringify(options.allowance), options.perTarget, options.token, options.leaseMs / 1000, options.limit],
  );
  return (rows as Array<Record<string, unknown>>).map((row) => ({
    id: String(row.id),
    token: options.token,
    subscriptionId: Number(row.subscription_id),
    eventId: row.event_id as string,
    event: row.event as ZapierEvent,
    target: row.target as string,
    targetUrl: row.target_url as string,
    candidate: row.candidate as Record<string, unknown>,
    previousStatus: (row.previous_status as string | null) ?? null,
    occurredAt: row.occurred_at as string,
    attempts: Number(row.attempts),
  }));
}

export type Settlement =
  /** Delivered, or given up: the row goes. */
  | { row: ClaimedRow; kind: 'done' }
  /** The target answered 410 Gone: its subscription goes, with every row still owed to it. */
  | { row: ClaimedRow; kind: 'gone' }
  | { row: ClaimedRow; kind: 'retry'; delaySeconds: number; error: string }
  /** Not attempted after all (a shutdown): handed back as it was. */
  | { row: ClaimedRow; kind: 'release' };

export async function settle(knex: Knex, settlements: Settlement[]): Promise<void> {
  const of = (kind: Settlement['kind']) => settlements.filter((s) => s.kind === kind);
  const fence = (list: Settlement[]) => [list.map((s) => s.row.id), list.map((s) => s.row.token)];
  const done = of('done');
  if (done.length) {
    await knex.raw(
      `DELETE FROM webhook_deliveries d USING (SELECT unnest(?::bigint[]) AS id, unnest(?::text[]) AS token) f
        WHERE d.id = f.id AND d.locked_by = f.token`,
      fence(done),
    );
  }
  const gone = [...new Set(of('gone').map((s) => s.row.subscriptionId))];
  if (gone.length) await knex.raw('DELETE FROM webhook_subscriptions WHERE id = ANY(?::int[])', [gone]);
  const retries = settlements.filter((s): s is Extract<Settlement, { kind: 'retry' }> => s.kind === 'retry');
  if (retries.length) {
    await knex.raw(
      `UPDATE webhook_deliveries d
          SET locked_by = NULL, lease_until = NULL, next_attempt_at = now() + make_interval(secs => f.delay), last_error = f.error
         FROM (SELECT unnest(?::bigint[]) AS id, unnest(?::text[]) AS token, unnest(?::float8[]) AS delay, unnest(?::text[]) AS error) f
        WHERE d.id = f.id AND d.locked_by = f.token`,
      [...fence(retries), retries.map((s) => s.delaySeconds), retries.map((s) => s.error)],
    );
  }
  const released = of('release');
  if (released.length) {
    await knex.raw(
      `UPDATE webhook_deliveries d SET locked_by = NULL, lease_until = NULL, attempts = d.attempts - 1
         FROM (SELECT unnest(?::bigint[]) AS id, unnest(?::text[]) AS token) f
        WHERE d.id = f.id AND d.locked_by = f.token`,
      fence(released),
    );
  }
}
