/** A podcaster reports listens with a screenshot or report file; the submission waits for an admin. */
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, files, podcastManualStats } from '../../db';
import { fieldError, HttpError, notFound, validate } from '../../http';
import { findOwnedPodcast, MANUAL_STATS_REFERENCE, requireUpload, storeUploadedBytes } from '../../podcasts';
import { removeFile, removeFilesOf, tagFile } from '../../files';
import type { FileRow } from '../../files';
import { isManualStatsExpired, MANUAL_STATS_MIMES, serializeManualStats, type ManualStatsPayload } from './manual-stats';

export const manualStatsInputSchema = z.object({
  listens: z.coerce
    .number({ error: 'The listens field must be a number.' })
    .int({ error: 'The listens field must be a whole number.' })
    .min(1, { error: 'The listens field must be at least 1.' })
    .max(1_000_000_000, { error: 'The listens field must not be greater than 1000000000.' }),
  file_id: z.coerce
    .number({ error: 'The file id must be a number.' })
    .int({ error: 'The file id must be a number.' })
    .positive({ error: 'The file id must be a number.' })
    .optional(),
});

const FILE_TYPES_TEXT = 'The file must be a PNG, JPEG or WebP screenshot or a PDF report.';

/** Validates a body that is JSON `{listens, file_id}` (the uploader's file) or multipart `listens` + `file`. */
export function readManualStatsInput(body: Record<string, unknown>): { listens: number; fileId: number | null; upload: File | null } {
  const listensMissing = body.listens === undefined || body.listens === null || body.listens === '';
  const hasUpload = body.file instanceof File && body.file.size > 0;
  const errors: Record<string, string[]> = {};
  if (listensMissing) errors.listens = ['The listens field is required.'];
  if (!hasUpload && (body.file_id === undefined || body.file_id === null || body.file_id === '')) errors.file = ['A screenshot or report file is required.'];
  if (Object.keys(errors).length) throw new HttpError(422, Object.values(errors)[0]![0]!, errors);
  const parsed = validate(manualStatsInputSchema, { listens: body.listens, file_id: hasUpload ? undefined : body.file_id });
  return { listens: parsed.listens, fileId: parsed.file_id ?? null, upload: hasUpload ? requireUpload(body.file, 'file') : null };
}

/** Stores a new pending submission for the user's podcast (one waiting at a time). */
export async function submitManualStats(userId: number, podcastId: number, input: ReturnType<typeof readManualStatsInput>): Promise<ManualStatsPayload> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const db = await getDb();
  const [waiting] = await db
    .select()
    .from(podcastManualStats)
    .where(and(eq(podcastManualStats.podcast_id, podcast.id), eq(podcastManualStats.status, 'pending')))
    .orderBy(desc(podcastManualStats.id))
    .limit(1);
  if (waiting && !isManualStatsExpired(waiting))
    throw fieldError('listens', 'A submission is already waiting for verification. Remove it to send new numbers.');

  let file: FileRow;
  if (input.upload) {
    file = await storeUploadedBytes(userId, input.upload, { type: MANUAL_STATS_REFERENCE, id: 0 }, 'file');
    if (!MANUAL_STATS_MIMES.includes(file.mime)) {
      await removeFile(file.id);
      throw fieldError('file', FILE_TYPES_TEXT);
    }
  } else {
    const [own] = await db
      .select()
      .from(files)
      .where(and(eq(files.id, input.fileId!), eq(files.user_id, userId)));
    if (!own) throw fieldError('file_id', 'The selected file is invalid.');
    if (!MANUAL_STATS_MIMES.includes(own.mime)) throw fieldError('file_id', FILE_TYPES_TEXT);
    if (own.reference_type && own.reference_type !== MANUAL_STATS_REFERENCE) throw fieldError('file_id', 'The selected file is invalid.');
    file = own;
  }
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(podcastManualStats)
      .values({ podcast_id: podcast.id, listens: input.listens, status: 'pending', file_url: file.url, file_original_name: file.original_name })
      .returning();
    await tagFile(file.id, { type: MANUAL_STATS_REFERENCE, id: created!.id }, tx);
    return created!;
  });
  return serializeManualStats(row);
}

/** Removes a submission of the user's podcast that is not verified: `statsId`, or the newest one. */
export async function deleteManualStats(userId: number, podcastId: number, statsId: number | null): Promise<void> {
  const { podcast } = await findOwnedPodcast(userId, podcastId);
  const db = await getDb();
  const where = statsId
    ? and(eq(podcastManualStats.podcast_id, podcast.id), eq(podcastManualStats.id, statsId))
    : eq(podcastManualStats.podcast_id, podcast.id);
  const [row] = await db.select().from(podcastManualStats).where(where).orderBy(desc(podcastManualStats.id)).limit(1);
  if (!row) throw notFound();
  if (row.status === 'verified')
    throw new HttpError(422, 'Verified numbers cannot be removed; send new ones instead.', {
      id: ['Verified numbers cannot be removed; send new ones instead.'],
    });
  await removeFilesOf({ type: MANUAL_STATS_REFERENCE, id: row.id });
  await db.delete(podcastManualStats).where(eq(podcastManualStats.id, row.id));
}
