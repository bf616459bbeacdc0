/**
 * MP3 frames, read and spliced without decoding (pure, so the stitcher is tested byte for byte): an
 * episode is its ID3v2 tag, its frames and maybe an ID3v1 tag; a variant is the same tag, the pre-roll
 * spots' frames, the episode's frames cut at frame boundaries around each mid-roll spot, and the tail.
 * The episode's Xing/Info/VBRI frame is left out (its frame count describes the upload) and the variant gets
 * its own: an Info frame (every frame at one bitrate) or a Xing frame with a seek table (VBR), counting the
 * variant's real frames and bytes, so players read its true length and seek to the right place.
 *
 * Why our own scanner: the npm MP3 libraries read tags and durations (music-metadata) or encode (lamejs),
 * none writes a Xing/Info frame for spliced frames, and splicing needs only the frame header (RFC-less
 * but fixed by ISO 11172-3 / 13818-3) and the Xing layout, both small and tested here byte for byte.
 */

export interface FrameHeader {
  /** 1 (MPEG-1), 2 (MPEG-2) or 2.5. */
  version: 1 | 2 | 2.5;
  layer: 1 | 2 | 3;
  bitrateKbps: number;
  sampleRate: number;
  channels: 1 | 2;
  samplesPerFrame: number;
  /** Bytes of the frame, header included. */
  size: number;
  crc: boolean;
}

const BITRATES: Record<string, number[]> = {
  // [version-group][layer] tables, index 1..14 (0 = free format, 15 = bad).
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<string, number[]> = { '1': [44100, 48000, 32000], '2': [22050, 24000, 16000], '2.5': [11025, 12000, 8000] };

/** The frame header at `offset`, or null when the bytes there are not one (free-format frames are not supported). */
export function parseFrameHeader(buf: Uint8Array, offset: number): FrameHeader | null {
  if (offset + 4 > buf.length) return null;
  const b1 = buf[offset]!;
  const b2 = buf[offset + 1]!;
  const b3 = buf[offset + 2]!;
  const b4 = buf[offset + 3]!;
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return null;
  const versionBits = (b2 >> 3) & 3;
  const layerBits = (b2 >> 1) & 3;
  if (versionBits === 1 || layerBits === 0) return null;
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const bitrateIndex = b3 >> 4;
  const rateIndex = (b3 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrateKbps = BITRATES[`${version === 1 ? 1 : 2}-${layer}`]![bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[String(version)]![rateIndex]!;
  const padding = (b3 >> 1) & 1;
  const channels = b4 >> 6 === 3 ? 1 : 2;
  let samplesPerFrame: number;
  let size: number;
  if (layer === 1) {
    samplesPerFrame = 384;
    size = (Math.floor((12 * bitrateKbps * 1000) / sampleRate) + padding) * 4;
  } else {
    samplesPerFrame = layer === 3 && version !== 1 ? 576 : 1152;
    size = Math.floor(((samplesPerFrame / 8) * bitrateKbps * 1000) / sampleRate) + padding;
  }
  return { version, layer, bitrateKbps, sampleRate, channels, samplesPerFrame, size, crc: (b2 & 1) === 0 };
}

/** Bytes of the ID3v2 tag at the start (0 when there is none). */
export function id3v2Size(buf: Uint8Array): number {
  if (buf.length < 10 || buf[0] !== 0x49 || buf[1] !== 0x44 || buf[2] !== 0x33) return 0;
  const size = ((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f);
  const footer = buf[5]! & 0x10 ? 10 : 0;
  return Math.min(buf.length, 10 + size + footer);
}

/** True when the frame at `offset` is a Xing/Info/VBRI header frame (no audio of its own). */
export function isInfoFrame(buf: Uint8Array, offset: number, h: FrameHeader): boolean {
  const sideInfo = h.version === 1 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17;
  const at = offset + 4 + (h.crc ? 2 : 0) + sideInfo;
  const tag = (o: number) => String.fromCharCode(buf[o] ?? 0, buf[o + 1] ?? 0, buf[o + 2] ?? 0, buf[o + 3] ?? 0);
  return tag(at) === 'Xing' || tag(at) === 'Info' || tag(offset + 36) === 'VBRI';
}

/** The format spots must be encoded in to be spliced into an episode. */
export interface Mp3Profile {
  sampleRate: number;
  channels: 1 | 2;
  bitrateKbps: number;
}

export const profileKey = (p: Mp3Profile) => `${p.sampleRate}-${p.channels}-${p.bitrateKbps}`;

export interface Mp3Layout {
  /** Bytes before the first audio frame (the ID3v2 tag, and any junk up to the first frame). */
  headEnd: number;
  /** The Xing/Info frame to leave out, if any: [start, end). */
  info: [number, number] | null;
  /** Offset of every audio frame, in order. */
  frames: number[];
  /** Where the frames end (an ID3v1 tag or trailing bytes follow). */
  framesEnd: number;
  samplesPerFrame: number;
  profile: Mp3Profile;
  /** False when frames change sample rate, channel layout or MPEG version mid-file (such an episode is transcoded once). */
  uniform: boolean;
  /** True when the frames are not all at one bitrate (then `profile.bitrateKbps` is the nearest valid one to their average). */
  vbr: boolean;
  /** The 4 header bytes of the first audio frame (version, rate and channel mode of the variant's Info frame). */
  header: [number, number, number, number];
}

/** Valid Layer III bitrates of an MPEG version. */
export const layer3Bitrates = (version: 1 | 2 | 2.5): number[] => BITRATES[`${version === 1 ? 1 : 2}-3`]!.slice(1);

/** The valid Layer III bitrate nearest to `kbps` (spots of a VBR episode are encoded at its average). */
export function nearestBitrate(version: 1 | 2 | 2.5, kbps: number): number {
  return layer3Bitrates(version).reduce((best, b) => (Math.abs(b - kbps) < Math.abs(best - kbps) ? b : best));
}

/** Walks the frames of an MP3 file; null when no run of frames is found (not an MP3). */
export function scanMp3(buf: Uint8Array): Mp3Layout | null {
  let offset = id3v2Size(buf);
  // Find the first frame followed by another one (a lone 0xFFE… in a tag is not a frame).
  let first: FrameHeader | null = null;
  for (; offset < Math.min(buf.length, 1 << 20); offset++) {
    const h = parseFrameHeader(buf, offset);
    if (h && (offset + h.size === buf.length || parseFrameHeader(buf, offset + h.size))) {
      first = h;
      break;
    }
  }
  if (!first) return null;
  const headEnd = offset;
  const frames: number[] = [];
  let info: [number, number] | null = null;
  let uniform = true;
  let audioBytes = 0;
  let bitrate: number | null = null;
  let vbr = false;
  let header: [number, number, number, number] = [buf[offset]!, buf[offset + 1]!, buf[offset + 2]!, buf[offset + 3]!];
  while (offset < buf.length) {
    const h = parseFrameHeader(buf, offset);
    if (!h || offset + h.size > buf.length) break;
    if (h.sampleRate !== first.sampleRate || h.channels !== first.channels || h.layer !== first.layer) uniform = false;
    if (frames.length === 0 && !info && isInfoFrame(buf, offset, h)) info = [offset, offset + h.size];
    else {
      if (frames.length === 0) header = [buf[offset]!, buf[offset + 1]!, buf[offset + 2]!, buf[offset + 3]!];
      frames.push(offset);
      audioBytes += h.size;
      if (bitrate === null) bitrate = h.bitrateKbps;
      else if (bitrate !== h.bitrateKbps) vbr = true;
    }
    offset += h.size;
  }
  const seconds = (frames.length * first.samplesPerFrame) / first.sampleRate;
  const bitrateKbps =
    vbr && seconds > 0 && first.layer === 3 ? nearestBitrate(first.version, (audioBytes * 8) / seconds / 1000) : (bitrate ?? first.bitrateKbps);
  return {
    headEnd,
    info,
    frames,
    framesEnd: offset,
    samplesPerFrame: first.samplesPerFrame,
    profile: { sampleRate: first.sampleRate, channels: first.channels, bitrateKbps },
    uniform: uniform && first.layer === 3,
    vbr,
    header,
  };
}

/** Duration in ms of the frames of a layout. */
export function layoutDurationMs(layout: Mp3Layout): number {
  return Math.round((layout.frames.length * layout.samplesPerFrame * 1000) / layout.profile.sampleRate);
}

/** A piece of a variant: a byte range of the episode, or a whole spot's frames. */
export type Piece = { from: 'episode'; start: number; end: number } | { from: 'spot'; index: number; start: number; end: number };

/**
 * Plans a variant: the episode's head, pre-roll spots, then the episode's frames cut at the frame nearest
 * each mid-roll position (ms) with that break's spots, then the tail. Spots are given by their layouts
 * (their frames only are used). Positions at 0 are pre-rolls; a position at or past the end is dropped.
 */
export function planVariant(episode: Mp3Layout, breaks: Array<{ atMs: number; spots: number[] }>, spots: Mp3Layout[]): Piece[] {
  const pieces: Piece[] = [];
  const spotPieces = (ids: number[]) => {
    for (const i of ids) {
      const s = spots[i]!;
      if (s.frames.length) pieces.push({ from: 'spot', index: i, start: s.frames[0]!, end: s.framesEnd });
    }
  };
  if (episode.headEnd > 0) pieces.push({ from: 'episode', start: 0, end: episode.headEnd });
  const frameMs = (episode.samplesPerFrame * 1000) / episode.profile.sampleRate;
  const sorted = [...breaks].sort((a, b) => a.atMs - b.atMs);
  let cursor = 0; // frame index
  for (const br of sorted) {
    const frame = Math.min(episode.frames.length, Math.round(br.atMs / frameMs));
    if (frame >= episode.frames.length && br.atMs > 0) continue;
    if (frame > cursor) {
      pieces.push({ from: 'episode', start: episode.frames[cursor]!, end: episode.frames[frame] ?? episode.framesEnd });
      cursor = frame;
    }
    spotPieces(br.spots);
  }
  if (cursor < episode.frames.length) pieces.push({ from: 'episode', start: episode.frames[cursor]!, end: episode.framesEnd });
  // The tail: an ID3v1 tag or whatever followed the frames.
  return pieces;
}

/** The bytes after the frames (an ID3v1 tag), kept at the end of the variant. */
export function tailPiece(episode: Mp3Layout, size: number): Piece | null {
  return episode.framesEnd < size ? { from: 'episode', start: episode.framesEnd, end: size } : null;
}

/** Sizes and bitrates of the audio frames a plan puts in the variant, in order. */
export function plannedFrames(
  episodeBytes: Uint8Array,
  episode: Mp3Layout,
  pieces: Piece[],
  spotBytes: Uint8Array[],
  spots: Mp3Layout[],
): Array<{ size: number; kbps: number }> {
  const out: Array<{ size: number; kbps: number }> = [];
  for (const p of pieces) {
    const [bytes, layout] = p.from === 'episode' ? [episodeBytes, episode] : [spotBytes[p.index]!, spots[p.index]!];
    // First frame at or after the piece's start (binary search: an hour has ~150 000 frames).
    let lo = 0;
    let hi = layout.frames.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (layout.frames[mid]! < p.start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < layout.frames.length && layout.frames[i]! < p.end; i++) {
      const h = parseFrameHeader(bytes, layout.frames[i]!);
      if (h) out.push({ size: h.size, kbps: h.bitrateKbps });
    }
  }
  return out;
}

/**
 * The variant's own header frame (no audio): "Info" when every frame has one bitrate, else "Xing", with the
 * frame count, the byte count (this frame included) and a 100-entry seek table. Its header copies the first
 * audio frame's version, sample rate and channel mode, without CRC, at the stream's bitrate when the tag fits
 * in such a frame (else the smallest that fits).
 */
export function infoFrame(header: readonly number[], frames: Array<{ size: number; kbps: number }>): Buffer {
  const h = parseFrameHeader(Uint8Array.from(header), 0);
  if (h?.layer !== 3) throw new Error('An Info frame is written for MPEG Layer III only.');
  const sideInfo = h.version === 1 ? (h.channels === 1 ? 17 : 32) : h.channels === 1 ? 9 : 17;
  const need = 4 + sideInfo + 4 + 4 + 4 + 4 + 100;
  const cbr = frames.length > 0 && frames.every((f) => f.kbps === frames[0]!.kbps);
  const rates = layer3Bitrates(h.version);
  const sizeAt = (kbps: number) => Math.floor(((h.samplesPerFrame / 8) * kbps * 1000) / h.sampleRate);
  const preferred = cbr ? frames[0]!.kbps : h.bitrateKbps;
  const kbps = sizeAt(preferred) >= need ? preferred : (rates.find((r) => sizeAt(r) >= need) ?? rates.at(-1)!);
  const size = sizeAt(kbps);
  const out = Buffer.alloc(size, 0);
  out[0] = 0xff;
  out[1] = header[1]! | 1; // no CRC
  out[2] = ((rates.indexOf(kbps) + 1) << 4) | (header[2]! & 0x0c); // bitrate, same sample rate, no padding
  out[3] = header[3]!;
  let at = 4 + sideInfo;
  out.write(cbr ? 'Info' : 'Xing', at, 'latin1');
  out.writeUInt32BE(0x07, at + 4); // frames, bytes and TOC present
  const audioBytes = frames.reduce((s, f) => s + f.size, 0);
  const total = size + audioBytes;
  out.writeUInt32BE(frames.length, at + 8);
  out.writeUInt32BE(total, at + 12);
  at += 16;
  // TOC: for each percent of the duration, where its frame starts, in 1/256 of the stream.
  let frame = 0;
  let offset = size;
  for (let i = 0; i < 100; i++) {
    const target = Math.floor((i * frames.length) / 100);
    while (frame < target) offset += frames[frame++]!.size;
    out[at + i] = Math.min(255, Math.floor((offset * 256) / total));
  }
  return out;
}

/** Joins the pieces of a plan into the variant's bytes. */
export function stitch(episodeBytes: Uint8Array, pieces: Piece[], spotBytes: Uint8Array[]): Buffer[] {
  return pieces.map((p) => Buffer.from((p.from === 'episode' ? episodeBytes : spotBytes[p.index]!).subarray(p.start, p.end)));
}

/**
 * The variant's bytes: the plan stitched, the episode's tail kept and the variant's own Info/Xing frame
 * put right before the first audio frame (after the ID3v2 tag).
 */
export function stitchWithInfo(episodeBytes: Uint8Array, episode: Mp3Layout, pieces: Piece[], spotBytes: Uint8Array[], spots: Mp3Layout[]): Buffer[] {
  const all = [...pieces];
  const tail = tailPiece(episode, episodeBytes.length);
  if (tail) all.push(tail);
  const audio = all.filter((p) => !(p.from === 'episode' && (p.end <= episode.headEnd || p.start >= episode.framesEnd)));
  const parts = stitch(episodeBytes, all, spotBytes);
  const frames = plannedFrames(episodeBytes, episode, audio, spotBytes, spots);
  if (!frames.length) return parts;
  const head = all[0]?.from === 'episode' && all[0].end <= episode.headEnd ? 1 : 0;
  parts.splice(head, 0, infoFrame(episode.header, frames));
  return parts;
}

/** Plans and stitches a variant in one call (the tail included). */
export function stitchVariant(episodeBytes: Uint8Array, breaks: Array<{ atMs: number; spots: number[] }>, spotBytes: Uint8Array[]): Buffer[] | null {
  const episode = scanMp3(episodeBytes);
  if (!episode) return null;
  const spots = spotBytes.map((b) => scanMp3(b));
  if (spots.some((s) => !s)) return null;
  const pieces = planVariant(episode, breaks, spots as Mp3Layout[]);
  return stitchWithInfo(episodeBytes, episode, pieces, spotBytes, spots as Mp3Layout[]);
}
