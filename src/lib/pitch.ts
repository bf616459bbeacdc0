/** The proposal pitch: rich text from the editor, counted by its text. */
import { htmlToText } from './format/text';

/** The pitch's length as the editor's counter counts it: the text without tags and without block separators. */
export const pitchLength = (html: string) => htmlToText(html, { blocks: '', collapse: false }).trim().length;

/** Longest pitch, in characters of text. */
export const PITCH_MAX = 5000;
