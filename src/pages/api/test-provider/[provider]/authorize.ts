import type { APIRoute } from 'astro';
import { readBody } from '../../../../lib/server/http';
import { assertTestProvider, authorizeRequest, decideAuthorize } from '../../../../lib/server/payments';

/** POST (the account page's form): connects a test account, or cancels, and returns to the product's callback. */
export const POST: APIRoute = async ({ params, request, redirect }) => {
  const provider = assertTestProvider(params.provider);
  const form = await readBody(request);
  const fields = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)]));
  return redirect(await decideAuthorize(authorizeRequest(provider, fields), fields.get('decision') === 'allow'), 303);
};
