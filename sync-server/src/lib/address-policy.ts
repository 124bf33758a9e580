/**
 * Which IP addresses the server may fetch from on a user's behalf: public unicast only. Everything
 * internal is refused — loopback, private, carrier-grade NAT, link-local (cloud metadata at
 * 169.254.169.254), multicast, reserved and documentation ranges — for IPv4 and IPv6 alike, and an IPv6
 * address that embeds an IPv4 one (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96) is judged by that IPv4.
 */
import { isIP } from 'node:net';

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function v4ToInt(address: string): number {
  return address.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

function inV4Range(ip: number, [base, bits]: [string, number]): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return ((ip & mask) >>> 0) === ((v4ToInt(base) & mask) >>> 0);
}

export function isPublicIpv4(address: string): boolean {
  if (isIP(address) !== 4) return false;
  const ip = v4ToInt(address);
  return !V4_BLOCKED.some((range) => inV4Range(ip, range));
}

/** The eight 16-bit groups of an IPv6 address (accepts `::` and a dotted IPv4 tail). */
export function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 ? groups : undefined;
}

function embeddedV4(groups: number[]): string {
  const a = groups[6]!;
  const b = groups[7]!;
  return [a >> 8, a & 0xff, b >> 8, b & 0xff].join('.');
}

export function isPublicIpv6(address: string): boolean {
  const g = ipv6Groups(address);
  if (!g) return false;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64): judge the IPv4 inside.
  if (zeroTo(5) && g[5] === 0xffff) return isPublicIpv4(embeddedV4(g));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return isPublicIpv4(embeddedV4(g));
  // Global unicast is 2000::/3; everything else (::, ::1, fc00::/7, fe80::/10, ff00::/8, …) is internal.
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  if (g[0] === 0x2001 && g[1]! < 0x0200) return false; // 2001::/23 protocol assignments, incl. Teredo
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x2002) return false; // 6to4 can reach any IPv4
  if (g[0] === 0x3fff && g[1]! < 0x1000) return false; // documentation (3fff::/20)
  return true;
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  return family === 4 ? isPublicIpv4(address) : family === 6 ? isPublicIpv6(address) : false;
}

/**
 * Whether `address` lies in `range`: an IPv4 or IPv6 address, or a CIDR block of one (`10.0.0.0/8`,
 * `fd00::/8`). For explicit exceptions to the rule above, such as an allow-list of internal receivers.
 */
export function inAddressRange(address: string, range: string): boolean {
  const [base = '', bitsText] = range.trim().split('/');
  const family = isIP(base);
  if (!family || isIP(address) !== family) return false;
  const bits = bitsText === undefined ? (family === 4 ? 32 : 128) : Number(bitsText);
  if (family === 4) return inV4Range(v4ToInt(address), [base, bits]);
  const a = ipv6Groups(address)!;
  const b = ipv6Groups(base)!;
  return a.every((group, i) => {
    const take = Math.max(0, Math.min(16, bits - i * 16));
    const mask = take === 0 ? 0 : (0xffff << (16 - take)) & 0xffff;
    return (group & mask) === (b[i]! & mask);
  });
}

/** A valid address or CIDR block for inAddressRange. */
export function isAddressRange(range: string): boolean {
  const [base = '', bitsText, ...rest] = range.trim().split('/');
  const family = isIP(base);
  if (!family || rest.length) return false;
  if (bitsText === undefined) return true;
  const bits = Number(bitsText);
  return /^\d{1,3}$/.test(bitsText) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}
