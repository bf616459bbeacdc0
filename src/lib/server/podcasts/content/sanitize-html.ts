/**
 * Rich text from the editor is stored and shown only after this allowlist: the tags and attributes the
 * editor can produce, links limited to http(s) and mailto, images only from our own file URLs or https.
 */
import sanitize from 'sanitize-html';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'ul', 'ol', 'li', 'a', 'img', 'hr', 'span'];

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'data-file-id'],
    span: ['data-file-id', 'data-type'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
  // An image stays only when it is one of our stored files or an https URL (a relative or data: src is dropped).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSrc(frame.attribs.src),
};

/** True for the image sources the editor produces: our files (/api/file/{id}) and https URLs. */
function isAllowedImageSrc(src: string | undefined): boolean {
  return !!src && (/^\/api\/file\/\d+$/.test(src) || /^https:\/\//i.test(src));
}

/** Sanitises editor HTML with the allowlist; what is not allowed is dropped, text kept. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** True when sanitised HTML has no visible content (only empty paragraphs). */
export function isBlankHtml(html: string): boolean {
  return sanitize(html, { allowedTags: ['img'], allowedAttributes: { img: ['src'] } }).replace(/&nbsp;|\s/g, '') === '';
}
