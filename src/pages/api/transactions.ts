import type { APIRoute } from 'astro';
import { json, parseQuery } from '../../lib/server/http';
import { requireUser } from '../../lib/server/users';
import { listTransactions, transactionsQuery } from '../../lib/server/payments';

/** GET /api/transactions?page=&per_page=&kind=: the signed-in user's own transactions, newest first, paginated. */
export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  return json(await listTransactions(user.id, parseQuery(url, transactionsQuery)));
};
