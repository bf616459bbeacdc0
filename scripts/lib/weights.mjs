// What a page costs the browser in JavaScript and CSS, compressed, from the build output: the scripts
// and stylesheets its HTML names, every island's component and renderer, and everything they import
// statically (dynamic import() is loaded on demand and not counted); inline scripts and styles too.
// Files count their precompressed .br size (the bytes served to a browser that takes br); a file
// without one is compressed here. Used by `npm run bench` and by tests/api/js-budgets.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The asset URLs and inline code a page's HTML references. */
export function pageAssets(html) {
  const scripts = new Set();
  const styles = new Set();
  const inlineScripts = [];
  const inlineStyles = [];
  const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const tag = m[1];
    const type = attr(tag, 'type');
    if (type && type !== 'module' && type !== 'text/javascript') continue; // JSON data, not code
    const src = attr(tag, 'src');
    if (src) scripts.add(src);
    else if (m[2].trim()) inlineScripts.push(m[2]);
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = attr(m[0], name);
      if (url) scripts.add(url);
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(m[0], 'rel');
    const href = attr(m[0], 'href');
    if (!href) continue;
    if (rel === 'stylesheet') styles.add(href);
    if (rel === 'modulepreload') scripts.add(href);
  }
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) if (m[1].trim()) inlineStyles.push(m[1]);
  return { scripts: [...scripts], styles: [...styles], inlineScripts, inlineStyles };
}

/** Reads the build output of the browser (dist/client). */
export function createWeigher(clientDir) {
  const sizes = new Map();
  const imports = new Map();
  const local = (url) => join(clientDir, decodeURIComponent(new URL(url, 'http://x/').pathname));

  function compressed(url) {
    if (!sizes.has(url)) {
      const file = local(url);
      sizes.set(url, existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : brotli(readFileSync(file)));
    }
    return sizes.get(url);
  }

  function staticImports(url) {
    if (!imports.has(url)) {
      const [found] = parse(readFileSync(local(url), 'utf8'));
      const base = new URL(url, 'http://x/');
      imports.set(
        url,
        found.filter((i) => i.d === -1 && i.n && (i.n.startsWith('.') || i.n.startsWith('/'))).map((i) => new URL(i.n, base).pathname),
      );
    }
    return imports.get(url);
  }

  /** JS and CSS bytes (compressed) of one page's HTML, with the files counted. */
  async function weigh(html) {
    await init;
    const assets = pageAssets(html);
    const js = new Set();
    const queue = assets.scripts.filter((u) => u.startsWith('/'));
    while (queue.length) {
      const url = queue.pop();
      if (js.has(url)) continue;
      js.add(url);
      queue.push(...staticImports(url));
    }
    const jsBytes = [...js].reduce((sum, u) => sum + compressed(u), 0) + assets.inlineScripts.reduce((sum, s) => sum + brotli(Buffer.from(s)), 0);
    const cssBytes =
      assets.styles.filter((u) => u.startsWith('/')).reduce((sum, u) => sum + compressed(u), 0) +
      assets.inlineStyles.reduce((sum, s) => sum + brotli(Buffer.from(s)), 0);
    return { js: jsBytes, css: cssBytes, jsFiles: [...js].sort(), inlineScripts: assets.inlineScripts.length };
  }

  return { weigh, compressed };
}
