/** Small crypto helpers shared by domains: random tokens, hashes, signatures. */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { config } from './config';

/** A URL-safe random token. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex digest; tokens are stored only as their hash. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** HMAC-SHA256 with the application key, base64url. */
export function sign(value: string): string {
  return createHmac('sha256', config().appKey).update(value).digest('base64url');
}

/** Compares two strings in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** A numeric code of the given length, e.g. the 6-digit email code. */
export function numericCode(length = 6): string {
  return Array.from({ length }, () => String(randomInt(0, 10))).join('');
}

/** Signs a JSON payload into a compact `payload.signature` string. */
export function signPayload(payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body)}`;
}

/** Verifies and reads a signed payload; null when tampered with. */
export function readSignedPayload<T>(token: string): T | null {
  const [body, signature] = token.split('.');
  if (!body || !signature || !safeEqual(sign(body), signature)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}
