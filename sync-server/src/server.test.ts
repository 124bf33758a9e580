import { createServer } from 'node:http';
import { expect, it } from 'vitest';
import { KEEP_ALIVE_TIMEOUT_MS, keepIdleConnectionsOpen } from './server';

it('keeps idle connections open longer than the load balancers in front', () => {
  const server = createServer();
  keepIdleConnectionsOpen(server);
  // AWS ALB and nginx keep idle upstream connections for 60 s: the server must not close first.
  expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
  expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
});
