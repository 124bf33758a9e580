/** The server most server test files share (in its own module: test-server.ts is also loaded outside vitest, by the benches). */
import { afterAll, beforeAll } from 'vitest';
import type { HttpClient } from './http-client';
import { startTestServer, type TestServer } from './test-server';

/** A file's server with an admin's and a recruiter's clients, as most server test files start. */
export interface FileServer {
  server: TestServer;
  admin: HttpClient;
  recruiter: HttpClient;
}

/**
 * Starts a server before the file's tests (signing in an admin and a recruiter) and closes it after;
 * `ready` gets them, e.g. `serverForFile((file) => ({ server, admin, recruiter } = file))`.
 */
export function serverForFile(ready: (file: FileServer) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
    ready({ server, admin: await server.adminClient(), recruiter: await server.recruiterClient() });
  });
  afterAll(() => server?.close());
}
