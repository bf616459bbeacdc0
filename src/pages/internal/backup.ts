import type { APIRoute } from 'astro';
import { z } from 'zod';
import { backupToken, createBackup } from '../../lib/server/backup';
import { safeEqual } from '../../lib/server/crypto';
import { HttpError, json, parseBody } from '../../lib/server/http';
import { bearerToken } from '../../lib/server/users';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * POST /internal/backup: `npm run backup` asks the serving process for a backup, since an embedded (PGlite)
 * database can only be dumped by the process that holds it. Only from this machine (the socket's own
 * address, whatever a proxy header says), and only with the token derived from the app key.
 */
export const POST: APIRoute = async ({ request, clientAddress }) => {
  let peer = '';
  try {
    peer = clientAddress;
  } catch {
    // no socket address
  }
  const token = bearerToken(request);
  if (!LOOPBACK.has(peer) || !token || !safeEqual(token, backupToken())) throw new HttpError(404, 'Not Found.');
  const { dir } = await parseBody(request, z.object({ dir: z.string().min(1).max(1000) }));
  try {
    return json({ data: await createBackup(dir) }, 201);
  } catch (error) {
    throw new HttpError(422, error instanceof Error ? error.message : 'The backup failed.', {
      dir: [error instanceof Error ? error.message : 'The backup failed.'],
    });
  }
};
