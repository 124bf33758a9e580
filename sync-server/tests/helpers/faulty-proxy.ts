/**
 * An HTTP proxy in front of a server that can lose answers: it forwards each request whole, waits for
 * the server's whole answer (so whatever the server did, it committed), and then, as `decide` says,
 * passes the answer on, drops it (closes the connection without a byte), or cuts it off halfway
 * through the body. What a flaky mobile network does to a device after the server has done its work.
 */
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fate = 'pass' | 'drop' | 'truncate';

export interface ProxiedExchange {
  method: string;
  path: string;
  body: string;
  status: number;
  /** The server's answer (the first 300 characters), whatever the device got of it. */
  answer: string;
  fate: Fate;
}

export interface FaultyProxy {
  url: string;
  exchanges: ProxiedExchange[];
  close(): Promise<void>;
}

const readAll = async (stream: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startFaultyProxy(
  target: string,
  decide: (request: { method: string; path: string; body: string }) => Fate,
): Promise<FaultyProxy> {
  const upstream = new URL(target);
  const exchanges: ProxiedExchange[] = [];
  const server = http.createServer(async (req, res) => {
    const body = await readAll(req);
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method, path, headers: { ...req.headers, host: upstream.host } },
        (response) => void readAll(response).then((data) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: data }), reject),
      );
      forward.on('error', reject);
      forward.end(body);
    }).catch(() => null);
    if (!answer) {
      res.socket?.destroy();
      return;
    }
    const fate = decide({ method, path, body: body.toString() });
    exchanges.push({ method, path, body: body.toString(), status: answer.status, answer: answer.body.toString().slice(0, 300), fate });
    if (fate === 'drop') {
      res.socket?.destroy();
      return;
    }
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, headers);
    if (fate === 'truncate') {
      res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)), () => res.socket?.destroy());
      return;
    }
    res.end(answer.body);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
