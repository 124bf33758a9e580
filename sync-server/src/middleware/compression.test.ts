import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testConfig, type TestServer } from '../../tests/helpers/test-server';
import { TestDevice, candidateArgs } from '../../tests/helpers/sync-device';

let server: TestServer;
const SCRIPT = `export const app = ${JSON.stringify('a recruiting app '.repeat(400))};\n`;

beforeAll(async () => {
  const { staticDir } = testConfig();
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(path.join(staticDir, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(staticDir, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  server = await startTestServer({ staticDir });
});
afterAll(() => server.close());

/** A raw request: the body as it came over the wire, undecoded. */
function raw(pathname: string, headers: Record<string, string>): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('sends the build’s precompressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const br = await raw('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br).toMatchObject({ status: 200, encoding: 'br' });
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(await raw('/assets/app-1234.js', { 'accept-encoding': 'gzip' })).toMatchObject({ encoding: 'gzip' });
    const plain = await raw('/assets/app-1234.js', {});
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('compresses API answers for clients that accept it', async () => {
    const admin = await server.adminClient();
    const device = new TestDevice(admin);
    const rows = Array.from({ length: 200 }, (_, i) => candidateArgs({ name: `Wire ${i}`, email: `wire${i}@compress.example`, skills: 'Prospecting, Closing' }));
    expect((await device.push([device.mutation('candidates.import', { rows })])).status).toBe(200);
    const cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const pull = `/api/sync/pull?clientId=${device.clientId}`;
    const compressed = await raw(pull, { cookie, 'accept-encoding': 'br, gzip' });
    expect(compressed).toMatchObject({ status: 200, encoding: 'br' });
    const json = brotliDecompressSync(compressed.body);
    expect(JSON.parse(json.toString()).candidates).toHaveLength(200);
    expect(compressed.body.length).toBeLessThan(json.length / 5);
    const identity = await raw(pull, { cookie });
    expect(identity.encoding).toBeUndefined();
    expect(JSON.parse(identity.body.toString()).candidates).toHaveLength(200);
  });
});
