/** The auth domain's face: the only module other domains and pages import from it. */
export { readAccessTokenClaims } from './access-token';
export { forgotPasswordForm, resetPasswordForm, signInForm, signUpForm } from './auth-forms';
export type { FormState } from './auth-forms';
export {
  addPasskey,
  beginPasskey,
  beginTotp,
  confirmTotp,
  regenerateRecoveryCodes,
  removeAuthenticator,
  removePasskey,
  turnOffTwoFactor,
} from './manage-two-factor';
export { ensureWebClient } from './oauth-clients';
export { INVALID_REQUEST, oauthError, tokenGrant } from './oauth-token';
export { listPasskeys, passkeyNameSchema, renamePasskey, serializePasskey } from './passkeys';
export { hashPassword, verifyPassword } from './passwords';
export { completeSignIn, passkeySignInOptions, prepareSignIn, secondStepPasskeyOptions, signInWithPasskey, signInWithPassword } from './sign-in';
export { requireRecentSecondFactor, requireRecentVerification, stepUp, stepUpPasskeyOptions, stepUpSchema, stepUpUntil } from './step-up';
export { assertNotThrottled, hit, retryAfter, throttle } from './throttle';
export type { Limit } from './throttle';
export { findAccessToken, issueTokens, revokeAllForUser, revokeByAccessToken, revokeByRefreshToken, revokeFamily, rotateRefreshToken } from './tokens';
export type { SessionTokens, TokenPair } from './tokens';
export { twoFactorSummary } from './two-factor';
