/** Guards for endpoints: who is calling, in which role, from which address, and from which origin. */
import { BlockList, isIP } from 'node:net';
import { config, type TrustProxy } from '../../config';
import { forbidden, unauthenticated } from '../../http';
import type { SessionUser } from '../session-user';

/** The signed-in user, or a 401. */
export function requireUser(locals: App.Locals): SessionUser {
  if (!locals.user) throw unauthenticated();
  return locals.user;
}

/** The signed-in user in one of the roles, or a 403. */
export function requireRole(locals: App.Locals, ...types: SessionUser['type'][]): SessionUser {
  const user = requireUser(locals);
  if (!types.includes(user.type)) throw forbidden();
  return user;
}

/** An address without an IPv4-mapped prefix or a port ("::ffff:10.0.0.1", "1.2.3.4:5678", "[::1]:80"). */
function normalizeAddress(raw: string): string {
  let value = raw.trim().slice(0, 64);
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (/^::ffff:[\d.]+$/i.test(value)) value = value.slice(7);
  return value.toLowerCase();
}

let trusted: { source: TrustProxy; list: BlockList } | null = null;
function trustedList(trust: Extract<TrustProxy, { kind: 'addresses' }>): BlockList {
  if (trusted?.source === trust) return trusted.list;
  const list = new BlockList();
  for (const entry of trust.list) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  trusted = { source: trust, list };
  return list;
}

/**
 * The client's address: the socket's peer, or behind trusted proxies the rightmost X-Forwarded-For entry
 * that is not one of them (entries further left were written by the client and prove nothing).
 */
export function resolveClientAddress(peer: string, forwardedFor: string | null, trust: TrustProxy): string {
  const socket = normalizeAddress(peer);
  if (trust.kind === 'none' || !forwardedFor) return socket;
  const chain = [...forwardedFor.split(',').map(normalizeAddress).filter(Boolean), socket];
  if (trust.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  const list = trustedList(trust);
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i]!;
    const family = isIP(address);
    if (!family || !list.check(address, family === 6 ? 'ipv6' : 'ipv4')) return address;
  }
  return chain[0]!;
}

/** The client's address, for throttling and records (TRUST_PROXY decides how far X-Forwarded-For is believed). */
export function clientAddress(request: Request, peer: () => string): string {
  let socket = 'unknown';
  try {
    socket = peer();
  } catch {
    // no socket address (a request built in-process)
  }
  return resolveClientAddress(socket, request.headers.get('x-forwarded-for'), config().trustProxy);
}
