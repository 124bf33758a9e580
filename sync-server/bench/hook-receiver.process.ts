/**
 * The webhooks benchmark's receiver, in a process of its own (forked by webhooks.bench.ts) so that
 * receiving thousands of hooks does not slow the load generator's own timing: an https server that
 * answers 200 to every POST and reports each event's candidate id and arrival time (wall clock at
 * sub-millisecond resolution, comparable across processes) to its parent, in batches.
 */
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export type ToReceiver = { type: 'start'; key: string; cert: string };
export type FromReceiver = { type: 'ready'; port: number } | { type: 'arrivals'; arrivals: Array<[id: number, at: number]> };

const send = (message: FromReceiver) => process.send!(message);
const now = () => performance.timeOrigin + performance.now();
let pending: Array<[number, number]> = [];

process.once('message', (message: ToReceiver) => {
  const server = createServer({ key: message.key, cert: message.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = now();
      pending.push([(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { candidate: { id: number } }).candidate.id, at]);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1', () => send({ type: 'ready', port: (server.address() as AddressInfo).port }));
  setInterval(() => {
    if (pending.length === 0) return;
    send({ type: 'arrivals', arrivals: pending });
    pending = [];
  }, 20);
});
process.on('disconnect', () => process.exit(0));
