/** The rich-text editor's rules (core §4, §5): variants, the counter, which images go inline. */

export type EditorVariant = 'default' | 'feed-description';

export interface EditorFeatures {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  heading: boolean;
  blockquote: boolean;
  lists: boolean;
  /** Lists inside lists. */
  nesting: boolean;
  /** The file-tools group (inline image upload from the toolbar). */
  fileTools: boolean;
  attach: boolean;
  /** The link button (every editor, show notes included: issue 37). */
  link: boolean;
}

/**
 * The tools of a variant: the feed-description editor keeps only underline and simple blocks (bold,
 * italic, heading, quote and nesting removed); the other editors drop strike, code and the file tools,
 * add underline, and optionally an Attach action.
 */
export function editorFeatures(variant: EditorVariant, attach = false): EditorFeatures {
  if (variant === 'feed-description') {
    return {
      bold: false,
      italic: false,
      underline: true,
      strike: false,
      code: false,
      heading: false,
      blockquote: false,
      lists: true,
      nesting: false,
      fileTools: false,
      attach: false,
      link: true,
    };
  }
  return {
    bold: true,
    italic: true,
    underline: true,
    strike: false,
    code: false,
    heading: true,
    blockquote: true,
    lists: true,
    nesting: true,
    fileTools: false,
    attach,
    link: true,
  };
}

/** The counter 'length/max'. */
export function counterText(length: number, max: number): string {
  return `${length}/${max}`;
}

/** True past the maximum: the counter turns red, input is not blocked. */
export function isOverLimit(length: number, max: number | null | undefined): boolean {
  return typeof max === 'number' && length > max;
}

/** Images go inline for image/* except bmp; a bmp is treated as a file attachment. */
export function isInlineImage(mime: string | null | undefined): boolean {
  const m = (mime ?? '').toLowerCase();
  return m.startsWith('image/') && m !== 'image/bmp' && m !== 'image/x-ms-bmp';
}

/** Upload logic skips mention attachments (they point at people, not files). */
export function isUploadableAttachment(attachment: { type?: string | null }): boolean {
  return attachment.type !== 'mention';
}

/** The id in an upload answer, read as data.id or data.data.id (core §7). */
export function uploadedFileId(body: unknown): number | null {
  const data = (body as { data?: { id?: unknown; data?: { id?: unknown } } } | null)?.data;
  const id = data?.id ?? data?.data?.id;
  return typeof id === 'number' ? id : null;
}

/**
 * The address a typed link goes to: "example.com/x" gets https://, an email address gets mailto:; null for
 * anything else than http, https or mailto (the editor's Link extension admits only those).
 */
export function linkHref(typed: string): string | null {
  const t = typed.trim();
  if (!t || /\s/.test(t)) return null;
  if (/^[^@/:]+@[^@/]+\.[a-z]{2,}$/i.test(t)) return `mailto:${t}`;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(t) ? t : `https://${t}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol === 'mailto:') return withScheme;
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.')) return url.href;
  } catch {
    return null;
  }
  return null;
}
