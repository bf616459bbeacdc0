/** The users domain's face: the only module other domains and pages import from it. */
export { cancelEmailChange, emailChangeSchema, pendingEmailChange, requestEmailChange } from './change-email';
export { changePassword, passwordChangeSchema } from './change-password';
export { deleteAccount, deleteAccountSchema } from './delete-account';
export { sendVerification, verifyWithCode, verifyWithLink } from './email-verification';
export { exportAccountData } from './export-account-data';
export { listSessions, signOutOtherSessions, signOutSession } from './list-sessions';
export { PASSWORD_LINK_SENT, passwordEmailSchema, passwordResetSchema, requestPasswordReset, resetPassword } from './password-reset';
export { registerUser, validateRegistration } from './register';
export { recordSessionDevice } from './session-devices';
export { isOnline, loadSessionUser, serializeUser, touchLastSeen } from './session-user';
export type { SessionUser } from './session-user';
export { updateUser, updateUserSchema } from './update-user';
export {
  INVALID_REQUEST,
  addPasskey,
  assertNotThrottled,
  beginPasskey,
  beginTotp,
  completeSignIn,
  confirmTotp,
  ensureWebClient,
  findAccessToken,
  forgotPasswordForm,
  hashPassword,
  hit,
  issueTokens,
  listPasskeys,
  oauthError,
  passkeyNameSchema,
  passkeySignInOptions,
  prepareSignIn,
  regenerateRecoveryCodes,
  removeAuthenticator,
  removePasskey,
  renamePasskey,
  requireRecentSecondFactor,
  requireRecentVerification,
  resetPasswordForm,
  secondStepPasskeyOptions,
  serializePasskey,
  signInForm,
  signInWithPasskey,
  signInWithPassword,
  signUpForm,
  stepUp,
  stepUpPasskeyOptions,
  stepUpSchema,
  stepUpUntil,
  throttle,
  tokenGrant,
  turnOffTwoFactor,
  twoFactorSummary,
} from './auth';
export type { FormState, TokenPair } from './auth';
export {
  authenticate,
  bearerToken,
  clientAddress,
  cookieNames,
  cookieOptions,
  isForeignNavigation,
  refreshSession,
  requireRole,
  requireUser,
  revocationsReady,
  setSessionCookies,
  signOut,
  stopRevocationSync,
} from './session';
export {
  createInvitedPodcaster,
  markPodcasterCompleted,
  setAccountAvatar,
  setAccountName,
  setAccountDefaultCard,
  setNotificationSettings,
  setPayoutsConnect,
} from './account-writes';
export { findBrandOf, readBrandAvatar, saveBrandAvatar, serializeBrand, setBrandCategory, updateBrand } from './brands';
export type { BrandRow } from './brands';
