/**
 * The browser side of passkeys: @simplewebauthn/browser, loaded only when a passkey is used (it is not
 * part of any page's first load). Errors become sentences a person can act on.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/** True when this browser can use passkeys at all (WebAuthn in a secure context). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

function explain(error: unknown, creating: boolean): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new Error('The passkey request was cancelled or timed out. Try again.');
  if (name === 'InvalidStateError' && creating) return new Error('This device already holds a passkey for your account.');
  if (name === 'SecurityError') return new Error('Passkeys do not work on this address. Open Cuepoint at its usual address and try again.');
  return new Error(
    creating
      ? 'Your device could not create a passkey. Try again, or use an authenticator app.'
      : 'Your device could not use a passkey. Try again, or use a code.',
  );
}

/** Asks the device for a passkey assertion. */
export async function getPasskey(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw explain(error, false);
  }
}

/** Asks the device to create a passkey. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw explain(error, true);
  }
}

/** A name for a new passkey, from the browser and system it is made on ("Chrome on macOS"). */
export function suggestedPasskeyName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} on ${os}` : browser;
}
