/** The settings a page hands its islands before /api/initialize has answered (rendered by ClientConfig.astro). */
export interface ClientConfig {
  appUrl: string;
  clientId: string;
  clientSecret: string;
  cookieSuffix: string;
  cookieDomain: string | null;
  secureCookies: boolean;
  refreshMarginMs: number;
  /** This page's CSP nonce for <style> elements that libraries create (the audio player, the editor). */
  styleNonce?: string;
}

let cached: ClientConfig | null = null;

/** The page's style nonce, or undefined where there is no page config (component tests). */
export function pageStyleNonce(): string | undefined {
  try {
    return clientConfig().styleNonce;
  } catch {
    return undefined;
  }
}

/** Reads the config from the page (browser only). */
export function clientConfig(): ClientConfig {
  if (cached) return cached;
  const el = typeof document !== 'undefined' ? document.getElementById('cuepoint-config') : null;
  if (!el?.textContent) throw new Error('The page has no #cuepoint-config element.');
  cached = JSON.parse(el.textContent) as ClientConfig;
  return cached;
}
