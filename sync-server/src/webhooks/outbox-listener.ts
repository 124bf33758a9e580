/**
 * Wakes the REST hook deliverer when a transaction that wrote hook events commits: the outbox triggers
 * NOTIFY `rephire_webhooks` (once per transaction), and every instance LISTENs on a connection of its
 * own (PGlite: its own listen). Only a shortcut: the deliverer also polls, so a notification lost while
 * the connection was down (it reconnects by itself) delays events by at most one poll.
 */
import pg from 'pg';
import type { Database } from '../db/database';

export const OUTBOX_CHANNEL = 'rephire_webhooks';
const RECONNECT_MS = 2_000;

export interface OutboxListener {
  close(): Promise<void>;
}

export async function listenForOutbox(db: Database, databaseUrl: string | undefined, onEvents: () => void): Promise<OutboxListener> {
  if (db.pglite) {
    const unlisten = await db.pglite.listen(OUTBOX_CHANNEL, onEvents);
    onEvents();
    return { close: () => unlisten() };
  }
  if (!databaseUrl) return { close: async () => undefined };
  return listenOnPostgres(databaseUrl, onEvents);
}

function listenOnPostgres(databaseUrl: string, onEvents: () => void): OutboxListener {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    if (closed || retry) return;
    const lost = client;
    client = undefined;
    void lost?.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    // Without a listener, a dropped connection's 'error' would end the process.
    next.on('error', reconnectLater);
    next.on('end', reconnectLater);
    next.on('notification', onEvents);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${OUTBOX_CHANNEL}`);
      // Events may have committed while no one listened.
      onEvents();
    } catch {
      if (client === next) reconnectLater();
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
