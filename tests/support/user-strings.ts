/**
 * The user-facing strings of the product's screens, for the spelling test: the text of JSX and of Astro
 * templates, the attributes people read or hear (aria-label, title, alt, placeholder, label…), and string
 * literals written as prose (more than one word, not a class list, a path or code). Template literals
 * count piece by piece around their `${…}` holes.
 */
import ts from 'typescript';

/** Attributes whose value is read or heard; every other attribute (class, href, id…) is code. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'alt', 'placeholder', 'label', 'heading', 'note', 'confirmLabel', 'description', 'empty', 'summary']);
/** Attributes never read: a literal under them is code even when it looks like words. */
const CODE_ATTRIBUTES = new Set([
  'className',
  'class',
  'href',
  'src',
  'id',
  'name',
  'type',
  'role',
  'autoComplete',
  'inputMode',
  'rel',
  'target',
  'method',
  'accept',
  'key',
  'htmlFor',
  'for',
  'data-testid',
]);
/** Calls whose string arguments are code: imports, API paths, cookies, selectors, events. */
const CODE_CALLS =
  /^(import|require|api|fetch|setCookie|getCookie|querySelector|querySelectorAll|addEventListener|removeEventListener|listen|on|off|emit|channel|private|join|leave|split|startsWith|endsWith|includes|replace|replaceAll|match|test|toLocaleString|toLocaleDateString|format|formatDate|Intl\.\w+|new URL|URLSearchParams|matchMedia|getAttribute|setAttribute|closest|dispatchEvent|CustomEvent)$/;

/** True when a literal reads as prose: two words or more of letters, not a class list, a path, a selector or code. */
export function isProse(text: string): boolean {
  const t = text.trim();
  if (!/[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(t)) return false;
  if (/^[a-z0-9_\- :!.[\]/&]+$/.test(t) && /[-_]/.test(t)) return false; // class lists, BEM, selectors
  if (/[{}=<>]|=>|;\s*$|\(\)|\bfunction\b|^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/.test(t)) return false;
  if (/^(\/|\.\/|\.\.\/|https?:|mailto:)/.test(t)) return false;
  return true;
}

function attributeName(node: ts.Node): string | null {
  let n: ts.Node | undefined = node.parent;
  while (n && !ts.isJsxAttribute(n) && !ts.isCallExpression(n) && !ts.isNewExpression(n) && !ts.isSourceFile(n) && !ts.isJsxElement(n)) n = n.parent;
  if (n && ts.isJsxAttribute(n)) return n.name.getText();
  return null;
}

function callName(node: ts.Node): string | null {
  const p = node.parent;
  if (p && (ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(node as ts.Expression)) {
    const e = p.expression;
    const name = ts.isPropertyAccessExpression(e) ? e.name.text : e.getText();
    return ts.isNewExpression(p) ? `new ${name}` : name;
  }
  return null;
}

/** The user-facing strings of TypeScript/TSX source. */
export function stringsOfScript(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node) || ts.isJSDoc(node)) return;
    // Code shown as code (<code>, <kbd>, <pre>) is not prose.
    if (ts.isJsxElement(node) && /^(code|kbd|pre|samp)$/.test(node.openingElement.tagName.getText())) return;
    if (ts.isJsxText(node)) {
      if (node.text.trim()) out.push(node.text);
      return;
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const literal = ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? node.parent.parent : node;
      if (ts.isPropertyAssignment(node.parent) && node.parent.name === node) return; // an object key
      if (ts.isElementAccessExpression(node.parent) || ts.isCaseClause(node.parent)) return;
      if (ts.isBinaryExpression(node.parent) && /^(===|!==|==|!=|in)$/.test(node.parent.operatorToken.getText())) return;
      const attribute = attributeName(literal);
      const call = callName(literal);
      if (attribute && CODE_ATTRIBUTES.has(attribute)) return;
      if (call && CODE_CALLS.test(call)) return;
      const text = node.text;
      if ((attribute && READ_ATTRIBUTES.has(attribute) && /[A-Za-z]{2,}/.test(text)) || isProse(text)) out.push(text);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** The index just past the `}` matching the `{` at `start` (strings and template literals skipped). */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const quote = c;
      for (i++; i < text.length && text[i] !== quote; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

/** The user-facing strings of an Astro component: its frontmatter's prose, its template's text and read attributes. */
export function stringsOfAstro(source: string): string[] {
  const fence = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  const out = fence ? stringsOfScript(fence[1]!, 'frontmatter.ts') : [];
  let template = fence ? source.slice(fence[0].length) : source;
  template = template.replace(/<(script|style|code|kbd|pre|samp)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ');
  // Expressions are TSX: their strings and markup count as in an island.
  let plain = '';
  for (let i = 0; i < template.length; ) {
    if (template[i] === '{') {
      const end = matchingBrace(template, i);
      out.push(...stringsOfScript(`(${template.slice(i + 1, end - 1)})`, 'expression.tsx'));
      plain += ' ';
      i = end;
    } else plain += template[i++];
  }
  for (const m of plain.matchAll(/\s([\w:-]+)=(?:"([^"]*)"|'([^']*)')/g)) {
    if (READ_ATTRIBUTES.has(m[1]!)) out.push(m[2] ?? m[3] ?? '');
  }
  const text = plain.replace(/<[^>]*>/g, '\n');
  out.push(...text.split('\n').filter((line) => line.trim()));
  return out;
}

/** Words of a string to look up: letters (with inner apostrophes), no codes, ids, acronyms or camelCase names. */
export function wordsOf(text: string): string[] {
  const clean = text
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/https?:\/\/\S*|\S+@\S+\.\S+|\S+\.(com|test|org|io|fm|mp3|png|jpe?g|pdf|rss|xml|json|csv)\b/gi, ' ');
  return (clean.match(/[A-Za-z][A-Za-z’']*[A-Za-z]|[A-Za-z]/g) ?? [])
    .map((w) => w.replace(/[’']s$/, '').replace(/’/g, "'"))
    .filter((w) => w.length > 1 && !/[A-Z]{2}/.test(w) && !/[a-z][A-Z]/.test(w));
}
