/** OAuth clients. The web client is created (or its secret updated) from configuration at start. */
import { eq } from 'drizzle-orm';
import { config } from '../../config';
import { safeEqual, sha256 } from '../../crypto';
import { getDb, oauthClients } from '../../db';

/** Makes sure the configured web client exists with the configured secret. */
export async function ensureWebClient(): Promise<void> {
  const { clientId, clientSecret } = config().oauth;
  const db = await getDb();
  await db
    .insert(oauthClients)
    .values({ id: clientId, name: 'Cuepoint web', secret_hash: sha256(clientSecret), password_client: true })
    .onConflictDoUpdate({ target: oauthClients.id, set: { secret_hash: sha256(clientSecret), revoked: false } });
}

/** True when the client exists, is not revoked and the secret matches. */
export async function verifyClient(clientId: string, clientSecret: string): Promise<boolean> {
  const db = await getDb();
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId));
  return !!client && !client.revoked && safeEqual(client.secret_hash, sha256(clientSecret));
}
