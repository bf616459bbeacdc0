/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, or null when signed out. */
    user: import('./lib/server/users/session-user').SessionUser | null;
    /** The bearer access token of this request, when signed in. */
    accessToken: string | null;
    /** This response's CSP nonce for <style> elements created by libraries (security-headers.ts). */
    cspNonce: string;
    /** The route of the table this page request matched. */
    route: import('./routes').RouteMatch | null;
  }
}
