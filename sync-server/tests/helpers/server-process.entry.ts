/**
 * A server in a process of its own, started by server-process.ts: the production configuration read
 * from the environment (loadConfig: PORT, DATABASE_URL, SECRET_KEY, DATA_DIR…) and startServer, minus
 * the PWA build. It reports `ready` over IPC and answers `memory` requests (after a full GC when it runs
 * with --expose-gc), so a soak can watch its heap. SIGTERM closes it cleanly; SIGKILL is the crash.
 * TEST_WEBHOOK_* shorten the REST hook deliverer's lease, timeout and retry delay.
 */
import { loadConfig } from '../../src/lib/config';
import { startServer } from '../../src/server';

export type ToServerProcess = { type: 'memory'; gc?: boolean };
export type FromServerProcess =
  | { type: 'ready'; url: string }
  | { type: 'memory'; rss: number; heapUsed: number; heapTotal: number; external: number };

const send = (message: FromServerProcess) => process.send?.(message);

const config = loadConfig();
// Password hashing at the production cost takes a quarter of a second a sign-in; tests sign in a lot.
if (process.env.SCRYPT_LOG_N) config.scryptLogN = Number(process.env.SCRYPT_LOG_N);
// REST hook deliveries with a short lease and timeout, so a killed instance's claims run out quickly.
const hookTuning = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
const running = await startServer(config, undefined, {
  webhooks: {
    leaseMs: hookTuning('TEST_WEBHOOK_LEASE_MS'),
    timeoutMs: hookTuning('TEST_WEBHOOK_TIMEOUT_MS'),
    retryBaseMs: hookTuning('TEST_WEBHOOK_RETRY_MS'),
  },
});

process.on('message', (message: ToServerProcess) => {
  if (message.type !== 'memory') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (message.gc && gc) gc();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  send({ type: 'memory', rss, heapUsed, heapTotal, external });
});
process.once('SIGTERM', () => {
  void running.close().finally(() => process.exit(0));
});
// The IPC channel closing means the parent is gone: do not outlive it.
process.on('disconnect', () => process.exit(0));

send({ type: 'ready', url: running.url });
