/** The session domain's face: the only module other domains and pages import from it. */
export { authenticate, bearerToken, refreshSession } from './authenticate';
export { cookieNames, cookieOptions, setSessionCookies } from './cookies';
export { clientAddress, requireRole, requireUser } from './guards';
export { isRevoked, recordRevocation, revocationsReady, stopRevocationSync } from './revocations';
export { isForeignNavigation, signOut } from './sign-out';
