/** PayPal Payouts (podcasters outside the US): one payout item to the connected PayPal account, PAYPAL_API_BASE_URL as the host. */
import { config } from '../config';
import { PayoutRefused, ProviderUnavailable } from './provider';

async function paypalJson(res: Response): Promise<Record<string, unknown>> {
  return (await res.json().catch(() => ({}))) as Record<string, unknown>;
}

/** Sends `amount` cents to a PayPal payer id; the idempotency key is PayPal's request id and batch id. */
export async function paypalPayout(input: { amount: number; payerId: string; idempotencyKey: string; note: string }): Promise<{ id: string }> {
  const c = config().payouts.paypal;
  const basic = Buffer.from(`${c.clientId}:${c.secret}`).toString('base64');
  let res: Response;
  try {
    const token = await fetch(`${c.apiBaseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      signal: AbortSignal.timeout(15_000),
    });
    const { access_token } = (await paypalJson(token)) as { access_token?: string };
    if (!token.ok || !access_token) throw new ProviderUnavailable(`PayPal did not issue a token (${token.status}).`);
    res = await fetch(`${c.apiBaseUrl}/v1/payments/payouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}`, 'PayPal-Request-Id': input.idempotencyKey },
      body: JSON.stringify({
        sender_batch_header: { sender_batch_id: input.idempotencyKey, email_subject: 'You have a payout from Cuepoint', email_message: input.note },
        items: [
          {
            recipient_type: 'PAYER_ID',
            amount: { value: (input.amount / 100).toFixed(2), currency: 'USD' },
            receiver: input.payerId,
            note: input.note,
            sender_item_id: input.idempotencyKey,
          },
        ],
      }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw error instanceof ProviderUnavailable ? error : new ProviderUnavailable(error instanceof Error ? error.message : String(error));
  }
  const body = await paypalJson(res);
  if (res.status >= 500) throw new ProviderUnavailable(`PayPal answered ${res.status}.`);
  const id = (body.batch_header as { payout_batch_id?: string } | undefined)?.payout_batch_id;
  if (!res.ok || !id) throw new PayoutRefused(typeof body.message === 'string' ? body.message : 'PayPal refused the payout.');
  return { id };
}
