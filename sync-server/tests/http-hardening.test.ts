import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const dir = server.config.staticDir;
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"RepHire"}');
  await server.adminClient();
});
afterAll(() => server.close());

describe('request bodies', () => {
  it('refuses malformed JSON with 400 and the envelope', async () => {
    const res = await server.client().request('POST', '/api/login', {
      rawBody: '{"username": "admin", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Malformed JSON body' });
    // A refusal thrown below the security headers keeps them, and varies as any answer does.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toContain('Sec-Fetch-Dest');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await server.client().post('/api/login', { username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
  });

  it('counts a compressed body by its unpacked size (a gzip bomb answers 413)', async () => {
    const admin = await server.adminClient();
    const bomb = (megabytes: number) => gzipSync(Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(megabytes * 1024 * 1024, 0x61), Buffer.from('"}')]));
    for (const [path, body] of [
      ['/api/api-keys', bomb(8)],
      ['/api/sync/push', bomb(40)],
    ] as const) {
      expect(body.length).toBeLessThan(64 * 1024);
      const res = await admin.request('POST', path, { rawBody: body, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
      expect(res.status, path).toBe(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    }
    expect((await admin.get('/api/user')).status).toBe(200);
  });

  it('refuses a non-JSON body on an unsafe method with 415 (no form posts from other sites)', async () => {
    const res = await server.client().request('POST', '/api/login', {
      rawBody: 'username=admin&password=admin-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('treats JSON that is not an object as a validation error', async () => {
    for (const raw of ['[]', '"text"', 'null', '42']) {
      const res = await server.client().request('POST', '/api/login', {
        rawBody: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, raw).toBe(400);
    }
  });

  it('refuses __proto__ keys and ignores constructor keys, leaving Object.prototype alone', async () => {
    const proto = await server.client().request('POST', '/api/login', {
      rawBody: '{"username":"admin","password":"admin-password","__proto__":{"polluted":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.status).toBe(400);
    expect(proto.body.message).toBe('JSON body must not contain __proto__ keys');
    const ctor = await server.client().request('POST', '/api/login', {
      rawBody: '{"username":"admin","password":"admin-password","constructor":{"prototype":{"polluted":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(ctor.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('same-origin guard', () => {
  it('refuses a cross-site browser request', async () => {
    const res = await server.client().post('/api/login', ADMIN, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    const foreign = await server.client().post('/api/login', ADMIN, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Cross-origin requests are not allowed');
  });

  it('accepts same-origin browser requests and non-browser clients', async () => {
    const same = await server.client().post('/api/login', ADMIN, {
      headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status).toBe(200);
    expect((await server.client().post('/api/login', ADMIN)).status).toBe(200);
  });

  it('does not guard safe methods', async () => {
    const res = await server.client().get('/api/config', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(200);
  });
});

describe('responses', () => {
  it('sends security headers', async () => {
    const res = await server.client().get('/api/config');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("leaves a document's own headers off what a page loads as a script, a stylesheet or a font, and varies by destination", async () => {
    const documentOnly = ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'];
    for (const destination of ['script', 'style', 'font']) {
      const res = await server.client().get('/index.html', { headers: { 'sec-fetch-dest': destination } });
      for (const header of documentOnly) expect(res.headers.get(header), `${header} for a ${destination}`).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('vary')).toContain('Sec-Fetch-Dest');
    }
    // A document, a frame, a worker, or a request that names no destination: every header.
    for (const destination of ['document', 'iframe', 'worker', 'serviceworker', 'empty', undefined]) {
      const res = await server.client().get('/index.html', { headers: destination ? { 'sec-fetch-dest': destination } : {} });
      expect(res.headers.get('content-security-policy'), `CSP for ${destination ?? 'no destination'}`).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('vary')).toContain('Sec-Fetch-Dest');
    }
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await server.client().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.code).toBe('NOT_FOUND');
    const post = await server.client().post('/api/nothing-here', {});
    expect(post.status).toBe(404);
  });

  it('answers a wrong method on a known route with 405', async () => {
    const res = await server.client().request('PUT', '/api/login', { body: {} });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ code: 'BAD_REQUEST', message: 'PUT is not allowed on /api/login' });
    // An empty path parameter makes another route's path: still the envelope.
    const empty = await server.client().request('PATCH', '/api/users/', { body: {} });
    expect(empty.status).toBe(405);
    expect(empty.body.code).toBe('BAD_REQUEST');
  });
});

describe('static files', () => {
  it('serves index.html, sw.js and the manifest uncached, and hashed assets immutable', async () => {
    const client = server.client();
    const index = await client.get('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect((await client.get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
    expect((await client.get('/manifest.webmanifest')).headers.get('cache-control')).toBe('no-cache');
    const asset = await client.get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers client-side routes with index.html, but a missing asset with 404', async () => {
    const route = await server.client().get('/candidates/whatever');
    expect(route.status).toBe(200);
    expect(route.text).toContain('RepHire test');
    expect((await server.client().get('/assets/missing-123.js')).status).toBe(404);
  });

  it('never serves files outside the app folder', async () => {
    const res = await server.client().get('/..%2f..%2fetc%2fpasswd');
    expect(res.text).not.toContain('root:');
  });
});
