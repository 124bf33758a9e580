/**
 * A small HTTP load kit for the benchmarks, on node:http with keep-alive agents: a client with a cookie
 * jar, a closed loop (N requests in flight, as fast as the server answers) and a fixed-rate open loop
 * whose latencies are measured from each request's scheduled start, so a stalled server cannot hide
 * its queueing delay (no coordinated omission).
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface BenchResponse {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
  /** Bytes of the body as they came over the wire (compressed when the server compressed it). */
  wireBytes: number;
}

export class BenchClient {
  private readonly agent: http.Agent;
  private cookie = '';
  private readonly url: URL;

  constructor(baseUrl: string, maxSockets = 64) {
    this.url = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<BenchResponse> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const setCookie = res.headers['set-cookie'];
            if (setCookie) this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, text: body.toString('utf8'), headers: res.headers, wireBytes: raw.length });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  async json<T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }> {
    const res = await this.request(method, path, body === undefined ? undefined : JSON.stringify(body), headers);
    return { status: res.status, body: res.text ? JSON.parse(res.text) : undefined };
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface LoopResult {
  ok: number;
  failed: number;
  statuses: Record<number, number>;
  elapsedMs: number;
  latenciesMs: number[];
}

function record(result: LoopResult, status: number, okStatuses: number[]) {
  result.statuses[status] = (result.statuses[status] ?? 0) + 1;
  if (okStatuses.includes(status)) result.ok += 1;
  else result.failed += 1;
}

/** Keeps `concurrency` requests in flight for `durationMs`. */
export async function closedLoop(send: (i: number) => Promise<number>, concurrency: number, durationMs: number, okStatuses = [200, 201]): Promise<LoopResult> {
  const result: LoopResult = { ok: 0, failed: 0, statuses: {}, elapsedMs: 0, latenciesMs: [] };
  const start = performance.now();
  let next = 0;
  const worker = async () => {
    while (performance.now() - start < durationMs) {
      const sent = performance.now();
      const status = await send(next++).catch(() => 0);
      result.latenciesMs.push(performance.now() - sent);
      record(result, status, okStatuses);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  result.elapsedMs = performance.now() - start;
  return result;
}

/** Starts one request every 1000/rate ms for `durationMs`, whatever the answers do. */
export async function fixedRate(send: (i: number) => Promise<number>, ratePerSecond: number, durationMs: number, okStatuses = [200, 201]): Promise<LoopResult> {
  const result: LoopResult = { ok: 0, failed: 0, statuses: {}, elapsedMs: 0, latenciesMs: [] };
  const total = Math.round((ratePerSecond * durationMs) / 1000);
  const interval = 1000 / ratePerSecond;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = start + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send(i)
        .catch(() => 0)
        .then((status) => {
          result.latenciesMs.push(performance.now() - scheduled);
          record(result, status, okStatuses);
        }),
    );
  }
  await Promise.all(inFlight);
  result.elapsedMs = performance.now() - start;
  return result;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
