/**
 * Where REST hooks may deliver: https URLs without credentials whose host resolves only to public
 * addresses (the profile-picture fetch's rule, linkedin/address-policy.ts), or to addresses on the
 * configured allow-list (WEBHOOK_ALLOWED_ADDRESSES, for receivers on an internal network and for tests).
 * A target is checked when it is subscribed and again before every delivery, and the connection goes to
 * the address that was checked, so a DNS answer that changes later cannot point a hook inside.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { inAddressRange, isPublicAddress } from '../lib/address-policy';

export interface TargetPolicy {
  /** IPs or CIDR blocks allowed although internal. */
  allowedAddresses: readonly string[];
  resolve(hostname: string): Promise<Array<{ address: string; family: number }>>;
}

/** A name that takes longer than this to resolve counts as not resolving. */
const RESOLVE_TIMEOUT_MS = 5_000;

export function resolveAll(hostname: string): Promise<Array<{ address: string; family: number }>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${hostname} took too long`)), RESOLVE_TIMEOUT_MS);
  });
  return Promise.race([dnsLookup(hostname, { all: true, verbatim: true }), timeout]).finally(() => clearTimeout(timer));
}

export class TargetRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetRefused';
  }
}

export interface VettedTarget {
  url: URL;
  /** The address to connect to. */
  address: string;
  family: number;
}

export function isAllowedAddress(address: string, policy: Pick<TargetPolicy, 'allowedAddresses'>): boolean {
  return isPublicAddress(address) || policy.allowedAddresses.some((range) => inAddressRange(address, range));
}

/** Checks a target URL and answers the address to deliver to; refuses with a message a Zap builder can read. */
export async function vetTarget(target: string, policy: TargetPolicy): Promise<VettedTarget> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new TargetRefused('Target URL must be a URL');
  }
  if (url.protocol !== 'https:') throw new TargetRefused('Target URL must be an https address');
  if (url.username || url.password) throw new TargetRefused('Target URL may not carry credentials');
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(hostname);
  const addresses = family ? [{ address: hostname, family }] : await policy.resolve(hostname).catch(() => []);
  if (addresses.length === 0) throw new TargetRefused(`Target host ${hostname} does not resolve`);
  // Every address must be allowed: a host that also resolves inside must not be reachable at all.
  if (!addresses.every((a) => isAllowedAddress(a.address, policy))) {
    throw new TargetRefused('Target URL points to a private or loopback address, which hooks may not call');
  }
  return { url, address: addresses[0]!.address, family: addresses[0]!.family };
}
