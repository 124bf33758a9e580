/**
 * One POST of an event to a vetted target (target-policy.ts): over https to the address that was
 * checked (a DNS answer that changed since cannot redirect it), redirects not followed, the answer read
 * up to a small limit and dropped. Answers the status.
 */
import { request, type Agent } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { VettedTarget } from './target-policy';

/** What is read of a receiver's answer before it is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface HookRequestOptions {
  agent: Agent;
  signal: AbortSignal;
  /** Extra certificate authorities to trust. */
  ca?: string;
  headers: Record<string, string>;
}

export function postHook(target: VettedTarget, body: string, options: HookRequestOptions): Promise<number> {
  const pinned = { address: target.address, family: target.family };
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: unknown[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Promise<number>((resolve, reject) => {
    const req = request(
      target.url,
      {
        method: 'POST',
        lookup,
        signal: options.signal,
        agent: options.agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...options.headers },
        ...(options.ca ? { ca: options.ca } : {}),
      },
      (response) => void drain(response).then(() => resolve(response.statusCode ?? 0), reject),
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function drain(response: IncomingMessage): Promise<void> {
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      response.destroy();
      return;
    }
  }
}
