/**
 * Tests only: answering two-factor sign-in from a known authenticator secret. Seeded admins get one
 * (admins cannot act without a second factor); a code is accepted once per 30-second step, so the
 * next code handed out for an account is the first step it has not used yet (the server accepts the
 * step after the current one), waiting for a new step when both are spent.
 */
import { Secret, TOTP } from 'otpauth';

/** The authenticator secret of every admin the builders seed (base32). */
export const TEST_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

const PERIOD = 30;
const lastStep = new Map<string, number>();

/** The code of a secret at a step. */
export function totpAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD }).generate({ timestamp: step * PERIOD * 1000 });
}

/** The current step (real time, as authenticator apps count). */
export const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD);

/** A code for the account that it has not used yet (waits for the next step when it must). */
export async function nextTotpCode(secret: string, account: string): Promise<string> {
  for (;;) {
    const step = currentStep();
    const candidate = Math.max(step, (lastStep.get(account) ?? -1) + 1);
    // Not the very end of a step for the one after it: the request must reach the server in time.
    if (candidate === step || (candidate === step + 1 && Date.now() % 30_000 < 25_000)) {
      lastStep.set(account, candidate);
      return totpAt(secret, candidate);
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * PERIOD * 1000 - Date.now() + 50));
  }
}

/** Forgets the codes handed out (a test that spends codes itself). */
export function noteStepUsed(account: string, step: number): void {
  lastStep.set(account, Math.max(step, lastStep.get(account) ?? -1));
}
