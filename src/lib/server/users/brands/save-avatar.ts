/**
 * The brand's avatar: the cropped image from the browser, checked by its magic bytes, stored under the
 * storage's avatars/ keys (local disk or bucket) and served by GET /api/brand/avatars/{name}.
 * A logo is public (it shows next to campaigns without a session), so it keeps this route rather than
 * /api/file/{id}, which needs one.
 */
import { setAccountAvatar } from '../account-writes';
import { imageType } from '../../file-formats';
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { getDb, brands } from '../../db';
import { fieldError, notFound } from '../../http';
import type { BrandPayload } from '../../../types';
import { serializeBrand } from './update-brand';
import { storage } from '../../storage';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_ROUTE = '/api/brand/avatars/';

const avatarKey = (name: string) => `avatars/${name}`;

/** Stores the uploaded avatar and points the brand (and its user) at it. */
export async function saveBrandAvatar(userId: number, file: unknown): Promise<BrandPayload> {
  if (!(file instanceof File) || file.size === 0) throw fieldError('avatar', 'The avatar field is required.');
  if (file.size > AVATAR_MAX_BYTES) throw fieldError('avatar', 'The avatar must not be greater than 5 MB.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageType(bytes);
  if (!type) throw fieldError('avatar', 'The avatar must be a PNG, JPEG or WebP image.');
  const db = await getDb();
  const [brand] = await db.select().from(brands).where(eq(brands.user_id, userId));
  if (!brand) throw notFound();
  const name = `${randomUUID()}.${type === 'jpeg' ? 'jpg' : type}`;
  const store = await storage();
  await store.put(avatarKey(name), bytes, { contentType: type === 'jpeg' ? 'image/jpeg' : `image/${type}` });
  const url = `${AVATAR_ROUTE}${name}`;
  const [row] = await db.update(brands).set({ avatar_url: url }).where(eq(brands.id, brand.id)).returning();
  await setAccountAvatar(db, userId, url);
  const previous = brand.avatar_url?.startsWith(AVATAR_ROUTE) ? brand.avatar_url.slice(AVATAR_ROUTE.length) : null;
  if (previous && /^[0-9a-f-]{36}\.(png|jpg|webp)$/.test(previous)) await store.remove(avatarKey(previous)).catch(() => undefined);
  return serializeBrand(row!);
}

/** Reads a stored avatar by its file name; null when unknown or malformed. */
export async function readBrandAvatar(name: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; mime: string } | null> {
  if (!/^[0-9a-f-]{36}\.(png|jpg|webp)$/.test(name)) return null;
  try {
    const bytes = new Uint8Array(await buffer(await (await storage()).read(avatarKey(name))));
    const ext = name.split('.').pop();
    return { bytes, mime: ext === 'jpg' ? 'image/jpeg' : `image/${ext}` };
  } catch {
    return null;
  }
}
