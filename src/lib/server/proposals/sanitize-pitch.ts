/**
 * Keeps a pitch to simple HTML: paragraphs, line breaks, bold, italic, underline, lists and http(s)
 * links; every other tag and every attribute is dropped, stray '<' and '&' are escaped.
 */
import { escapeHtml } from '../../pitch';

const ALLOWED = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a']);
const VOID = new Set(['br']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript']);

function escapeText(text: string): string {
  return text.replace(/&(?!(?:amp|lt|gt|quot|#39|#\d{1,6}|#x[0-9a-f]{1,6}|nbsp);)/gi, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Sanitizes pitch HTML to the allowed subset, closing what it opened. */
export function sanitizePitch(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^<>]*)>/g;
  let last = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const text = html.slice(last, m.index);
    if (!dropping) out.push(escapeText(text));
    last = re.lastIndex;
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (dropping) {
      if (closing && tag === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag) && !closing) {
      dropping = tag;
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      while (open.length > at) out.push(`</${open.pop()}>`);
      continue;
    }
    if (VOID.has(tag)) {
      out.push('<br>');
      continue;
    }
    if (tag === 'a') {
      const href = /href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[3] ?? '');
      const url = (href?.[2] ?? href?.[3] ?? href?.[4] ?? '').trim();
      if (!/^https?:\/\//i.test(url)) continue;
      out.push(`<a href="${escapeHtml(url.replace(/&amp;/g, '&'))}" rel="noopener nofollow" target="_blank">`);
    } else {
      out.push(`<${tag}>`);
    }
    open.push(tag);
  }
  if (!dropping) out.push(escapeText(html.slice(last)));
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('').trim();
}
