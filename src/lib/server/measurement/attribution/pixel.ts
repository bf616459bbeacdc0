/**
 * The attribution snippet a brand puts on its site: `<script async src="{APP_URL}/attribution/{pid}.js">`.
 * The script (no dependencies, well under 2 KB gzipped) sends a page view, then any event the site fires
 * with `cuepoint('event', 'purchase')` (calls made before it loaded wait in `cuepoint.q`). Events go to
 * POST /api/attribution/collect as a text/plain JSON body, by `sendBeacon` where the browser has it, so
 * no preflight is needed and leaving the page does not lose them.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { config } from '../../config';
import { getDb, attributionSites } from '../../db';

export const PID_PATTERN = /^cp_[A-Za-z0-9_-]{4,40}$/;

/** The script tag of a site. */
export function snippetOf(pid: string): string {
  return `<script async src="${config().appUrl}/attribution/${pid}.js"></script>`;
}

/** The line that lets a page fire events before the script has loaded. */
export const QUEUE_SNIPPET = '<script>window.cuepoint=window.cuepoint||function(){(cuepoint.q=cuepoint.q||[]).push(arguments)};</script>';

/** The script of a site (the endpoint and the site id written in), or null for an unknown site id. */
export async function pixelScript(pid: string): Promise<{ body: string; etag: string } | null> {
  if (!PID_PATTERN.test(pid)) return null;
  const db = await getDb();
  const [site] = await db.select({ pid: attributionSites.pid }).from(attributionSites).where(eq(attributionSites.pid, pid));
  if (!site) return null;
  const endpoint = JSON.stringify(`${config().appUrl}/api/attribution/collect`);
  const body = `/* Cuepoint attribution */!function(w,n,l){var e=${endpoint},p=${JSON.stringify(site.pid)},q=w.cuepoint&&w.cuepoint.q||[];function s(v){var b=JSON.stringify({pid:p,event:v,url:l.href});try{if(n.sendBeacon&&n.sendBeacon(e,b))return}catch(x){}try{fetch(e,{method:"POST",body:b,keepalive:!0,mode:"no-cors",credentials:"omit",headers:{"Content-Type":"text/plain"}})}catch(x){}}function c(a,v){if(a==="event"&&typeof v==="string"&&v)s(v)}w.cuepoint=c;s("page-view");for(var i=0;i<q.length;i++)c.apply(null,q[i])}(window,navigator,location);\n`;
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` };
}
