import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chunkRanges,
  contentRange,
  fileTooLargeMessage,
  isAllowedUpload,
  isProcessing,
  isUnauthenticatedUpload,
  parseContentRange,
  shouldRetryChunk,
  unsupportedTypeMessage,
  uploadErrorMessage,
  waitForUploads,
} from '~/lib/rules/uploads';
import { AUDIO_CANNOT_PLAY, AUDIO_CONVERTING, AUDIO_FILE_CORRUPT, audioErrorMessage, formatPlayerTime, previewKind } from '~/lib/rules/media';
import { counterText, editorFeatures, isInlineImage, isOverLimit, isUploadableAttachment, uploadedFileId } from '~/lib/rules/editor';
import {
  UPLOAD_CHUNK_RETRIES,
  UPLOAD_CHUNK_SIZE_BYTES,
  UPLOAD_COMPLETION_POLL_MS,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_TIMEOUT_MS,
} from '~/lib/constants';
import { fitPeaks } from '~/lib/server/files/process-audio';
import { resolveRange } from '~/lib/server/byte-range';
import { sanitizeHtml } from '~/lib/server/podcasts/content/sanitize-html';

const MB = 1024 * 1024;

describe('uploader numbers (core §9)', () => {
  it('100 MB chunks, 2 retries per chunk, 2 hours, 500 MB, 10 files, completion poll 100 ms', () => {
    expect(UPLOAD_CHUNK_SIZE_BYTES).toBe(100 * MB);
    expect(UPLOAD_CHUNK_RETRIES).toBe(2);
    expect(UPLOAD_TIMEOUT_MS).toBe(2 * 60 * 60 * 1000);
    expect(UPLOAD_MAX_FILE_BYTES).toBe(500 * MB);
    expect(UPLOAD_MAX_FILES).toBe(10);
    expect(UPLOAD_COMPLETION_POLL_MS).toBe(100);
  });

  it('cuts a 120 MB file into a 100 MB chunk and a 20 MB chunk; forces one chunk for a small file', () => {
    expect(chunkRanges(120 * MB)).toEqual([
      { start: 0, end: 100 * MB },
      { start: 100 * MB, end: 120 * MB },
    ]);
    expect(chunkRanges(100 * MB)).toHaveLength(1);
    expect(chunkRanges(100 * MB + 1)).toHaveLength(2);
    expect(chunkRanges(500 * MB)).toHaveLength(5);
    expect(chunkRanges(10)).toEqual([{ start: 0, end: 10 }]);
    expect(chunkRanges(0)).toEqual([{ start: 0, end: 0 }]);
  });

  it('writes and reads Content-Range', () => {
    expect(contentRange({ start: 0, end: 100 * MB }, 120 * MB)).toBe('bytes 0-104857599/125829120');
    expect(parseContentRange('bytes 104857600-125829119/125829120')).toEqual({ start: 100 * MB, end: 120 * MB, total: 120 * MB });
    expect(parseContentRange(contentRange({ start: 0, end: 0 }, 0))).toEqual({ start: 0, end: 0, total: 0 });
    expect(parseContentRange('bytes 5-4/10')).toBeNull();
    expect(parseContentRange('bytes 0-10/10')).toBeNull();
    expect(parseContentRange('items 0-1/2')).toBeNull();
    expect(parseContentRange(null)).toBeNull();
  });

  it('retries a chunk twice for network errors and 5xx, never for 4xx', () => {
    expect(shouldRetryChunk(0, 0)).toBe(true);
    expect(shouldRetryChunk(503, 1)).toBe(true);
    expect(shouldRetryChunk(503, 2)).toBe(false);
    expect(shouldRetryChunk(422, 0)).toBe(false);
    expect(shouldRetryChunk(401, 0)).toBe(false);
  });

  it('allows pdf, mp3, mp4, png, jpeg by default and says so', () => {
    expect(unsupportedTypeMessage()).toBe('Only supported file types allowed: pdf, mp3, mp4, png, jpeg');
    expect(unsupportedTypeMessage(['png'])).toBe('Only supported file types allowed: png');
    for (const name of ['kit.pdf', 'ep.mp3', 'ep.MP4', 'a.png', 'b.jpeg', 'c.jpg']) expect(isAllowedUpload({ name })).toBe(true);
    expect(isAllowedUpload({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
    expect(isAllowedUpload({ name: 'image.gif', type: 'image/gif' })).toBe(false);
    expect(isAllowedUpload({ name: 'blob', type: 'image/png' })).toBe(true);
    expect(isAllowedUpload({ name: 'still.gif', type: 'image/png' })).toBe(false);
    expect(fileTooLargeMessage()).toBe('The file must not be greater than 500 MB.');
  });

  it('shows the server message or the fallback, and sends 401 or Unauthenticated to the root page', () => {
    expect(uploadErrorMessage('The file is too big.')).toBe('The file is too big.');
    expect(uploadErrorMessage('')).toBe('Only supported file types allowed: pdf, mp3, mp4, png, jpeg');
    expect(uploadErrorMessage(null)).toBe('Only supported file types allowed: pdf, mp3, mp4, png, jpeg');
    expect(isUnauthenticatedUpload(401, '')).toBe(true);
    expect(isUnauthenticatedUpload(0, 'Unauthenticated.')).toBe(true);
    expect(isUnauthenticatedUpload(422, 'Only supported file types allowed: pdf')).toBe(false);
  });

  it('is processing while any item uploads', () => {
    expect(isProcessing(['success', 'uploading'])).toBe(true);
    expect(isProcessing(['added', 'success', 'error'])).toBe(false);
  });
});

describe('waitForUploads polls every 100 ms', () => {
  afterEach(() => vi.useRealTimers());
  it('resolves at the first 100 ms check after the uploads end', async () => {
    vi.useFakeTimers();
    let busy = true;
    let done = false;
    void waitForUploads(() => busy).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(250);
    expect(done).toBe(false);
    busy = false;
    await vi.advanceTimersByTimeAsync(49);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
  it('resolves at once when nothing uploads', async () => {
    await expect(waitForUploads(() => false)).resolves.toBeUndefined();
  });
});

describe('audio player and previews (core §8, §9)', () => {
  it('says File corrupt. when transcoding failed, Converting... Please wait. on a decode error, otherwise File cannot be played', () => {
    expect(AUDIO_FILE_CORRUPT).toBe('File corrupt.');
    expect(AUDIO_CONVERTING).toBe('Converting... Please wait.');
    expect(AUDIO_CANNOT_PLAY).toBe("File can't be played.");
    expect(audioErrorMessage('failed', new Error('anything'))).toBe('File corrupt.');
    expect(audioErrorMessage('completed', { name: 'EncodingError', message: 'Unable to decode audio data' })).toBe('Converting... Please wait.');
    expect(audioErrorMessage('pending', { code: 3, MEDIA_ERR_DECODE: 3 })).toBe('Converting... Please wait.');
    expect(audioErrorMessage('completed', { code: 4, MEDIA_ERR_DECODE: 3 })).toBe("File can't be played.");
    expect(audioErrorMessage(null, new Error('Failed to fetch'))).toBe("File can't be played.");
  });
  it('formats the clock', () => {
    expect(formatPlayerTime(0)).toBe('0:00');
    expect(formatPlayerTime(3.4)).toBe('0:03');
    expect(formatPlayerTime(3725)).toBe('1:02:05');
  });
  it('previews png, gif, jpeg, svg+xml, tiff, webp as images, PDFs, and m3u8, mp4, mp3, m4a, opus, aac, ogg in the player', () => {
    for (const mime of ['image/png', 'image/gif', 'image/jpeg', 'image/svg+xml', 'image/tiff', 'image/webp']) expect(previewKind({ mime })).toBe('image');
    expect(previewKind({ mime: 'image/bmp', name: 'a.bmp' })).toBe('file');
    expect(previewKind({ mime: 'application/pdf' })).toBe('pdf');
    for (const ext of ['m3u8', 'mp4', 'mp3', 'm4a', 'opus', 'aac', 'ogg']) expect(previewKind({ mime: 'x/y', name: `a.${ext}` })).toBe('media');
    expect(previewKind({ mime: 'audio/wav', name: 'a.wav' })).toBe('file');
  });
  it('fits waveform peaks to at most 1000 values normalised to 0..1', () => {
    const blocks = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? 0.5 : 0.1));
    const peaks = fitPeaks(blocks);
    expect(peaks).toHaveLength(1000);
    expect(Math.max(...peaks)).toBe(1);
    expect(fitPeaks([0.2, 0.4])).toEqual([0.5, 1]);
    expect(fitPeaks([])).toEqual([]);
  });
  it('parses byte ranges for 206 answers', () => {
    expect(resolveRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(resolveRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange('bytes=0-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(resolveRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(resolveRange(null, 1000)).toBeNull();
  });
});

describe('rich-text editor (core §5)', () => {
  it("counts 'length/max' and turns red past the maximum", () => {
    expect(counterText(12, 500)).toBe('12/500');
    expect(isOverLimit(500, 500)).toBe(false);
    expect(isOverLimit(501, 500)).toBe(true);
    expect(isOverLimit(9999, undefined)).toBe(false);
  });
  it('takes image/* inline except bmp', () => {
    expect(isInlineImage('image/png')).toBe(true);
    expect(isInlineImage('image/webp')).toBe(true);
    expect(isInlineImage('image/bmp')).toBe(false);
    expect(isInlineImage('application/pdf')).toBe(false);
  });
  it('keeps only underline and simple blocks in the feed description; drops strike, code and file tools elsewhere, adds underline and optional Attach', () => {
    expect(editorFeatures('feed-description')).toMatchObject({
      underline: true,
      bold: false,
      italic: false,
      heading: false,
      blockquote: false,
      nesting: false,
      strike: false,
      code: false,
      fileTools: false,
    });
    expect(editorFeatures('default')).toMatchObject({ underline: true, bold: true, strike: false, code: false, fileTools: false, attach: false });
    expect(editorFeatures('default', true).attach).toBe(true);
    expect(editorFeatures('feed-description', true).attach).toBe(false);
  });
  it('ignores mention attachments and reads the id as data.id or data.data.id', () => {
    expect(isUploadableAttachment({ type: 'mention' })).toBe(false);
    expect(isUploadableAttachment({ type: 'file' })).toBe(true);
    expect(uploadedFileId({ data: { id: 4 } })).toBe(4);
    expect(uploadedFileId({ data: { data: { id: 7 } } })).toBe(7);
    expect(uploadedFileId({ message: 'x' })).toBeNull();
  });
  it('sanitises stored HTML with the allowlist', () => {
    expect(sanitizeHtml('<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p>')).toBe('<p>Hi <strong>there</strong></p>');
    expect(sanitizeHtml('<img src="/api/file/3" onerror="x()"><img src="javascript:alert(1)">')).toBe('<img src="/api/file/3" />');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
    expect(sanitizeHtml('<pre><code>a &lt; b</code></pre><iframe src="https://x"></iframe>')).toBe('<pre><code>a &lt; b</code></pre>');
  });
});
