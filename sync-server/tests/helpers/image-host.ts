/**
 * A local https server standing in for a picture host (the profile-picture tests), with a certificate
 * made for it by openssl on the spot, valid for 127.0.0.1 and localhost. Records every path asked for.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export interface ImageHost {
  /** https://127.0.0.1:{port} */
  url: string;
  port: number;
  /** The certificate to trust (PEM). */
  cert: string;
  hits: string[];
  close(): Promise<void>;
}

export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'rephire-cert-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
}

/** Serves PNG for every path unless `handler` answers first (returns true when it did). */
export async function startImageHost(handler?: (req: IncomingMessage, res: ServerResponse, host: ImageHost) => boolean): Promise<ImageHost> {
  const tls = selfSignedCertificate();
  const hits: string[] = [];
  let host!: ImageHost;
  const server: Server = createServer(tls, (req, res) => {
    hits.push(req.url ?? '');
    if (handler?.(req, res, host)) return;
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  host = {
    url: `https://127.0.0.1:${port}`,
    port,
    cert: tls.cert,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return host;
}
