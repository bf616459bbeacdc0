import type { APIRoute } from 'astro';
import { z } from 'zod';
import { idParam, json, parseBody } from '../../../../../lib/server/http';
import { requireUser, removePasskey, passkeyNameSchema, renamePasskey, serializePasskey } from '../../../../../lib/server/users';

/** PATCH /api/user/two-factor/passkeys/{id} {name}: renames a passkey. */
export const PATCH: APIRoute = async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const id = idParam(params.id);
  const { name } = await parseBody(request, z.object({ name: passkeyNameSchema }));
  return json({ data: serializePasskey(await renamePasskey(user.id, id, name)) });
};

/** DELETE /api/user/two-factor/passkeys/{id}: removes a passkey (step-up). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  requireUser(locals);
  await removePasskey(locals, idParam(params.id));
  return json(null, 204);
};
