/**
 * Which IP addresses the guarded fetcher may connect to. Pure functions, no I/O: anything that is not
 * a public unicast address (private, loopback, link-local, CGNAT, multicast, unspecified, reserved,
 * cloud metadata, and IPv4 embedded in IPv6 forms of those) is refused.
 */
import { isIP } from 'node:net';

export type AddressKind = 'public' | 'private' | 'loopback' | 'link-local' | 'cgnat' | 'multicast' | 'unspecified' | 'metadata' | 'reserved' | 'invalid';

/** Parses a dotted IPv4 address into its four bytes, or null. */
function parseIpv4(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

/** Parses an IPv6 address (with an optional zone and embedded IPv4 tail) into 16 bytes, or null. */
function parseIpv6(input: string): number[] | null {
  let ip = input.replace(/^\[|\]$/g, '');
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  if (isIP(ip) !== 6) return null;
  let tail: number[] = [];
  const lastColon = ip.lastIndexOf(':');
  if (ip.slice(lastColon + 1).includes('.')) {
    const v4 = parseIpv4(ip.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    ip = `${ip.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = ip.split('::') as [string, string | undefined];
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const fill = rest === undefined ? 0 : 8 - left.length - right.length;
  const words = [...left, ...Array<number>(fill).fill(0), ...right];
  if (words.length !== 8 || words.some((w) => !Number.isInteger(w) || w < 0 || w > 0xffff)) return null;
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

function classifyIpv4(bytes: readonly number[]): AddressKind {
  const [a = 0, b = 0, c = 0, d = 0] = bytes;
  if (a === 169 && b === 254 && c === 169 && d === 254) return 'metadata';
  if (a === 0) return 'unspecified';
  if (a === 10) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'cgnat';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 172 && b >= 16 && b <= 31) return 'private';
  if (a === 192 && b === 168) return 'private';
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return 'reserved'; // IETF protocol assignments, TEST-NET-1
  if (a === 198 && (b === 18 || b === 19)) return 'reserved'; // benchmarking
  if (a === 198 && b === 51 && c === 100) return 'reserved'; // TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return 'reserved'; // TEST-NET-3
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved'; // class E and the broadcast address
  return 'public';
}

function classifyIpv6(bytes: number[]): AddressKind {
  const word = (i: number) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!;
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4 = (from: number) => classifyIpv4(bytes.slice(from, from + 4));
  // fd00:ec2::254, the AWS instance metadata service over IPv6
  if (word(0) === 0xfd00 && word(1) === 0x0ec2 && zeros(4, 14) && word(7) === 0x0254) return 'metadata';
  if (zeros(0, 16)) return 'unspecified';
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback';
  if (zeros(0, 10) && word(5) === 0xffff) return v4(12); // ::ffff:a.b.c.d, IPv4-mapped
  if (zeros(0, 12)) return 'reserved'; // ::a.b.c.d, the deprecated IPv4-compatible form
  if (word(0) === 0x0064 && word(1) === 0xff9b && zeros(4, 12)) return v4(12); // 64:ff9b::/96 NAT64
  if (word(0) === 0x2002) return v4(2); // 6to4 carries an IPv4 address
  const first = bytes[0]!;
  if (first === 0xff) return 'multicast';
  if (first === 0xfe && (bytes[1]! & 0xc0) === 0x80) return 'link-local'; // fe80::/10
  if (first === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return 'private'; // fec0::/10, deprecated site-local
  if ((first & 0xfe) === 0xfc) return 'private'; // fc00::/7 unique local
  if (word(0) === 0x2001 && word(1) === 0x0db8) return 'reserved'; // documentation
  if (word(0) === 0x0100 && zeros(2, 8)) return 'reserved'; // 100::/64 discard
  if ((first & 0xe0) !== 0x20) return 'reserved'; // outside 2000::/3, the global unicast space
  return 'public';
}

/** What kind of address an IPv4 or IPv6 literal is; only 'public' may be fetched. */
export function classifyAddress(ip: string): AddressKind {
  const v4 = parseIpv4(ip);
  if (v4) return classifyIpv4(v4);
  const v6 = parseIpv6(ip);
  if (v6) return classifyIpv6(v6);
  return 'invalid';
}

/** True when the address is a public unicast address. */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === 'public';
}
