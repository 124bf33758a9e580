/**
 * Fetches a lead's profile picture for the avatar, as safely as a server-side fetch of a third-party
 * URL can be. The caller only ever passes the profile_pic_url stored for the user's own lead; on top of
 * that, every hop (the URL and each redirect) must be https on port 443, without credentials, to a host
 * whose every resolved address is public (address-policy.ts) — and the connection goes to the address
 * that was checked, so a DNS answer cannot change between check and use. The answer must be a real
 * raster image (declared type and magic bytes agree; SVG is refused since it can carry script), at most
 * 2 MB, within 8 seconds. At most a few fetches run at once.
 *
 * Tests replace the address rule, ports and trust store (to serve from a local https server); the
 * production path uses STRICT_POLICY.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from '../lib/address-policy';

export interface ImageFetchPolicy {
  isAllowedAddress(address: string): boolean;
  /** Ports a picture URL may use; 'any' only in tests. */
  allowedPorts: number[] | 'any';
  resolve(hostname: string): Promise<Array<{ address: string; family: number }>>;
  /** Extra certificate authorities to trust (tests). */
  ca?: string;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  maxConcurrent: number;
}

export const STRICT_POLICY: ImageFetchPolicy = {
  isAllowedAddress: isPublicAddress,
  allowedPorts: [443],
  resolve: (hostname) => dnsLookup(hostname, { all: true, verbatim: true }),
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 8000,
  maxRedirects: 3,
  maxConcurrent: 6,
};

export type ImageFetchFailure = 'not_allowed' | 'not_image' | 'too_large' | 'failed';

export class ImageFetchError extends Error {
  constructor(
    readonly reason: ImageFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ImageFetchError';
  }
}

export interface FetchedImage {
  contentType: string;
  body: Buffer;
}

export type ProfileImageFetcher = (url: string) => Promise<FetchedImage>;

/** The image type its first bytes show, if it is one we serve. */
export function sniffImageType(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (/^GIF8[79]a/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(bytes.subarray(8, 12).toString('latin1'))) return 'image/avif';
  return undefined;
}

const SERVED_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

const refuse = (message: string) => new ImageFetchError('not_allowed', message);

/** Checks one hop and answers the address to connect to. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    }),
  ]);
}

async function vet(url: URL, policy: ImageFetchPolicy, signal: AbortSignal): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'https:') throw refuse('Only https picture addresses are fetched');
  if (url.username || url.password) throw refuse('Picture addresses may not carry credentials');
  const port = url.port ? Number(url.port) : 443;
  if (policy.allowedPorts !== 'any' && !policy.allowedPorts.includes(port)) throw refuse('Picture addresses must use the standard https port');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(hostname);
  const addresses = family ? [{ address: hostname, family }] : await untilAborted(policy.resolve(hostname), signal).catch(() => []);
  if (addresses.length === 0) throw new ImageFetchError('failed', 'The picture host does not resolve');
  // Every address must be allowed: a host that also resolves inside must not be reachable at all.
  if (!addresses.every((a) => policy.isAllowedAddress(a.address))) throw refuse('The picture host is an internal address');
  return addresses[0]!;
}

function get(url: URL, pinned: { address: string; family: number }, policy: ImageFetchPolicy, signal: AbortSignal) {
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: unknown[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const options: RequestOptions = {
    method: 'GET',
    lookup,
    signal,
    agent: false,
    headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif', 'user-agent': 'RepHire/1.0 (profile pictures)' },
    ...(policy.ca ? { ca: policy.ca } : {}),
  };
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(url, options, resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new ImageFetchError('too_large', 'The picture is too large');
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function fetchImage(start: string, policy: ImageFetchPolicy): Promise<FetchedImage> {
  const signal = AbortSignal.timeout(policy.timeoutMs);
  let url: URL;
  try {
    url = new URL(start);
  } catch {
    throw refuse('The picture address is not a URL');
  }
  try {
    for (let hop = 0; ; hop++) {
      const pinned = await vet(url, policy, signal);
      const response = await get(url, pinned, policy, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= policy.maxRedirects) throw new ImageFetchError('failed', 'The picture redirects too often');
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new ImageFetchError('failed', `The picture host answered ${status}`);
      }
      const declared = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!SERVED_TYPES.has(declared)) {
        response.destroy();
        throw new ImageFetchError('not_image', 'The picture address does not serve an image');
      }
      if (Number(response.headers['content-length'] ?? 0) > policy.maxBytes) {
        response.destroy();
        throw new ImageFetchError('too_large', 'The picture is too large');
      }
      const body = await readBody(response, policy.maxBytes);
      const contentType = sniffImageType(body);
      if (!contentType) throw new ImageFetchError('not_image', 'The picture address does not serve an image');
      return { contentType, body };
    }
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    if (signal.aborted) throw new ImageFetchError('failed', 'The picture took too long');
    throw new ImageFetchError('failed', `The picture could not be fetched (${(error as Error).message})`);
  }
}

export function createProfileImageFetcher(overrides: Partial<ImageFetchPolicy> = {}): ProfileImageFetcher {
  const policy = { ...STRICT_POLICY, ...overrides };
  let active = 0;
  const waiting: Array<() => void> = [];
  const acquire = () => (active < policy.maxConcurrent ? (active++, Promise.resolve()) : new Promise<void>((r) => waiting.push(r)));
  // A freed slot passes straight to the next waiter, so no more than maxConcurrent ever run.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };
  return async (url) => {
    await acquire();
    try {
      return await fetchImage(url, policy);
    } finally {
      release();
    }
  };
}
