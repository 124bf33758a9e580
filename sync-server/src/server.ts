/**
 * Opens the database, applies migrations and listens. Used by `npm start`, by tests that need a real
 * server process, and by the benchmarks.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import type { Config } from './lib/config';
import { bindModels, migrateLatest, openDatabase, type Database } from './db/database';
import { purgeExpiredSessions } from './auth/session-store';
import type { LogLine } from './middleware/request-log';
import { ProxycurlClient } from './linkedin/proxycurl.client';
import { LeadSearchRunner, type LeadSearchRunnerOptions } from './linkedin/search-job.runner';
import { WebhookDeliverer, type WebhookDelivererOptions } from './webhooks/webhook-deliverer';

export interface RunningServer {
  url: string;
  server: Server;
  db: Database;
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** Tuning of the background lead-search runner (tests shorten its lease and poll). */
  leadSearch?: Partial<Omit<LeadSearchRunnerOptions, 'knex' | 'secretKey'>>;
  /** Tuning of the REST hook deliverer (tests shorten its lease, timeout and retries). */
  webhooks?: Partial<Omit<WebhookDelivererOptions, 'knex'>>;
}

/**
 * How long an idle keep-alive connection stays open: longer than the idle timeout of the proxies and
 * load balancers in front (60 s for AWS ALB and nginx's upstream keepalive_timeout), so they never send
 * a request on a connection the server is closing at that moment — Node's default of 5 s made that race
 * answer a Zapier call (not retried by Zapier) with a reset or a 502 now and then.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Must exceed keepAliveTimeout, or a slow first byte on a reused connection is cut off early.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

/** Under the 10 s a container runtime (docker stop, Kubernetes) waits between SIGTERM and SIGKILL. */
export const SHUTDOWN_GRACE_MS = 8_000;

export async function startServer(config: Config, log?: LogLine, options: StartServerOptions = {}): Promise<RunningServer> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
  });
  await migrateLatest(db.knex);
  bindModels(db.knex);
  // REST hook deliveries run here too, on every instance: each claims due rows of the outbox through
  // PostgreSQL, looks again after each write this instance answers, and polls for the others'.
  const webhooks = new WebhookDeliverer({ knex: db.knex, allowedAddresses: config.webhookAllowedAddresses, ...options.webhooks });
  const app = createApp({ knex: db.knex, config, log, afterWrite: () => webhooks.kick() });
  const server = app.listen(config.port, config.host);
  keepIdleConnectionsOpen(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Lead searches run here, beside the requests, on every instance; jobs are claimed through PostgreSQL.
  const leadSearches = new LeadSearchRunner({
    knex: db.knex,
    secretKey: config.secretKey,
    provider: new ProxycurlClient({ baseUrl: config.leadsProviderUrl, requestsPerMinute: config.leadsProviderRequestsPerMinute }),
    ...options.leadSearch,
  });
  leadSearches.start();
  webhooks.start();
  const purge = setInterval(() => void purgeExpiredSessions(db.knex).catch(() => undefined), 60 * 60 * 1000);
  purge.unref();
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    server,
    db,
    /**
     * Stops taking connections and lets the requests under way finish — a push in flight completes, so
     * its device need not send it again — then closes the database. Whatever still runs after the grace
     * period is cut off (its client retries; a cut push was all or nothing per mutation).
     */
    async close() {
      clearInterval(purge);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections go as soon as they are idle, not when their client next speaks.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const cutOff = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      server.closeIdleConnections();
      await Promise.all([closed, leadSearches.stop(), webhooks.stop()]);
      clearInterval(idle);
      clearTimeout(cutOff);
      await db.close();
    },
  };
}
