/**
 * A local https server standing in for Zapier's REST hook targets (certificate made on the spot by
 * image-host.ts's selfSignedCertificate, valid for 127.0.0.1). Records every request it gets, with the
 * status it answered; `answer` decides that status (default 200), or returns 'hang' to never answer.
 */
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webhookEventSchema, type WebhookEvent } from '@shared/schemas/zapier.schema';
import { selfSignedCertificate } from './image-host';

export interface ReceivedHook {
  path: string;
  event: WebhookEvent;
  eventIdHeader: string | undefined;
  status: number | 'hang';
  /** performance.timeOrigin + performance.now() when it arrived. */
  at: number;
}

export type HookAnswer = (request: { path: string; event: WebhookEvent; nth: number }) => number | 'hang';

export interface HookReceiver {
  /** https://127.0.0.1:{port} */
  url: string;
  cert: string;
  /** The certificate in a file, for NODE_EXTRA_CA_CERTS of a server process. */
  certFile: string;
  received: ReceivedHook[];
  /** Events answered with a 2xx, in the order they arrived. */
  accepted(path?: string): WebhookEvent[];
  answer: HookAnswer;
  close(): Promise<void>;
}

export async function startHookReceiver(answer: HookAnswer = () => 200): Promise<HookReceiver> {
  const tls = selfSignedCertificate();
  const certFile = path.join(mkdtempSync(path.join(tmpdir(), 'rephire-hook-ca-')), 'ca.pem');
  writeFileSync(certFile, tls.cert);
  const received: ReceivedHook[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const receiver: HookReceiver = {
    url: '',
    cert: tls.cert,
    certFile,
    received,
    answer,
    accepted: (only) => received.filter((r) => typeof r.status === 'number' && r.status < 300 && (!only || r.path === only)).map((r) => r.event),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const event = webhookEventSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      const path = req.url ?? '';
      const nth = received.filter((r) => r.path === path).length;
      const status = receiver.answer({ path, event, nth });
      received.push({ path, event, eventIdHeader: req.headers['x-rephire-event-id'] as string | undefined, status, at });
      if (status === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  receiver.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
