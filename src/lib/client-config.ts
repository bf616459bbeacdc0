/** The settings a page hands its islands before /api/initialize has answered (rendered by ClientConfig.astro). */
export interface ClientConfig {
  appUrl: string;
  clientId: string;
  clientSecret: string;
  cookieSuffix: string;
  cookieDomain: string | null;
  secureCookies: boolean;
  refreshMarginMs: number;
}

let cached: ClientConfig | null = null;

/** Reads the config from the page (browser only). */
export function clientConfig(): ClientConfig {
  if (cached) return cached;
  const el = typeof document !== 'undefined' ? document.getElementById('cuepoint-config') : null;
  if (!el?.textContent) throw new Error('The page has no #cuepoint-config element.');
  cached = JSON.parse(el.textContent) as ClientConfig;
  return cached;
}
