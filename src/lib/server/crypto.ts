/** Small crypto helpers shared by domains: random tokens, hashes, signatures. */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
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

/** The AES-256-GCM key for secrets kept at rest (authenticator secrets), derived from the application key. */
function secretBoxKey(): Buffer {
  return createHash('sha256').update(`cuepoint:secret-box:${config().appKey}`).digest();
}

/** Encrypts a secret for storage: `v1.{iv}.{tag}.{ciphertext}`, base64url, AES-256-GCM under a key derived from APP_KEY. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretBoxKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Decrypts what encryptSecret stored; null when it was not written with this application key. */
export function decryptSecret(stored: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretBoxKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A keyed hash (HMAC-SHA256 with the application key) for one-time codes stored only as their hash. */
export function keyedHash(purpose: string, value: string): string {
  return createHmac('sha256', config().appKey).update(`${purpose}:${value}`).digest('hex');
}
