/** A file the podcaster uploaded through the files domain, checked before hosting copies it into the podcast's media. */
import { extname } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { getDb, files } from '../db';
import { storage } from '../storage';
import { fieldError } from '../http';
import { ARTWORK_MAX_FILE_BYTES, ARTWORK_MAX_FILE_MB } from '../../constants';

const RULES = {
  audio: { test: (mime: string) => mime.startsWith('audio/'), message: 'The episode’s file must be audio (mp3, m4a, wav, ogg, opus or aac).' },
  image: { test: (mime: string) => mime === 'image/png' || mime === 'image/jpeg', message: 'Artwork must be a PNG or JPEG image.' },
};

/** The user's uploaded file of this kind with its storage key, or a 422 on `field`. */
export async function ownUpload(userId: number, fileId: number, field: string, kind: keyof typeof RULES) {
  const db = await getDb();
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.user_id, userId)));
  if (!file) throw fieldError(field, kind === 'audio' ? 'Upload the episode’s audio.' : 'Upload the artwork again.');
  if (!RULES[kind].test(file.mime)) throw fieldError(field, RULES[kind].message);
  if (kind === 'image' && file.size > ARTWORK_MAX_FILE_BYTES) throw fieldError(field, `The artwork may not be greater than ${ARTWORK_MAX_FILE_MB} MB.`);
  if (!(await (await storage()).stat(file.path))) throw fieldError(field, 'The uploaded file is no longer available, upload it again.');
  const ext = (extname(file.name) || (kind === 'audio' ? '.mp3' : file.mime === 'image/png' ? '.png' : '.jpg')).toLowerCase();
  return { file, key: file.path, ext };
}
