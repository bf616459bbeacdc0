/**
 * The one reading of an HTTP Range header (RFC 9110 §14): `parseRanges` lists what a request asks for (the download
 * counter sums it), `resolveRange` turns it into the one byte span a response serves; `notModified` reads a
 * conditional request (RFC 9110 §13) for the same served bytes.
 */

/** One range of a Range header: `a-b`, `a-` (end null) or `-n` (the last n bytes). */
export type ByteRangeSpec = { start: number; end: number | null } | { suffix: number };

/** The ranges of a Range header (`bytes=a-b, c-, -n`), or null when there is none or it is malformed (served whole). */
export function parseRanges(header: string | null): ByteRangeSpec[] | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return null;
  const ranges: ByteRangeSpec[] = [];
  for (const part of m[1]!.split(',')) {
    const r = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(part);
    if (!r || (r[1] === '' && r[2] === '')) return null;
    if (r[1] === '') ranges.push({ suffix: Number(r[2]) });
    else {
      const start = Number(r[1]);
      const end = r[2] === '' ? null : Number(r[2]);
      if (end !== null && end < start) return null;
      ranges.push({ start, end });
    }
  }
  return ranges;
}

/**
 * The byte span to serve for a Range header against a file of `size` bytes: null when there is no usable single range
 * (absent, malformed or several: the whole file is served), 'unsatisfiable' when it lies outside the file (416).
 */
export function resolveRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const ranges = parseRanges(header);
  if (!ranges || ranges.length !== 1) return null;
  const r = ranges[0]!;
  let start: number;
  let end: number;
  if ('suffix' in r) {
    if (r.suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - r.suffix);
    end = size - 1;
  } else {
    start = r.start;
    end = r.end === null ? size - 1 : Math.min(r.end, size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** True when the request's If-None-Match / If-Modified-Since says the client already has this version. */
export function notModified(request: Request, etag: string, lastModified: Date): boolean {
  const inm = request.headers.get('if-none-match');
  if (inm) return inm.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}` || t.trim() === '*');
  const ims = request.headers.get('if-modified-since');
  if (ims) {
    const t = Date.parse(ims);
    return !Number.isNaN(t) && lastModified.getTime() <= t;
  }
  return false;
}
