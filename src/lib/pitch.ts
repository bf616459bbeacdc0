/** The proposal pitch: rich text from the editor, counted by its text. */

/** Simple HTML back to plain text (paragraphs as blank lines). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The pitch's length as the editor's counter counts it: the text without tags and without block separators. */
export const pitchLength = (html: string) => htmlToText(html.replace(/<\/(p|li|h\d|blockquote)>\s*/gi, '').replace(/<br\s*\/?>/gi, ' ')).length;

/** Longest pitch, in characters of text. */
export const PITCH_MAX = 5000;
