/**
 * Automated ads' pure rules: the MP3 frame stitcher (byte for byte, on frames built here) and the fill
 * decision (targeting, exclusions, frequency cap, pacing, budget, determinism).
 */
import { describe, expect, it } from 'vitest';
import { decideFill, daysLeft, type FillContext, type FillLine, ineligible, slotsOf } from '../../src/lib/server/ads/fill';
import { id3v2Size, parseFrameHeader, planVariant, scanMp3, stitchVariant, tailPiece } from '../../src/lib/server/ads/mp3-frames';
import { parseDurationMs, parseSilences } from '../../src/lib/server/ads/ffmpeg';
import { spotRefusal } from '../../src/lib/server/ads/spots';
import { suggestFromSilences } from '../../src/lib/server/ads/ad-markers';

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo, no padding: 417-byte frames of 1152 samples. */
const HEADER = [0xff, 0xfb, 0x90, 0x04];
const FRAME = 417;

function frame(fill: number, info?: 'Info' | 'Xing'): Buffer {
  const b = Buffer.alloc(FRAME, fill);
  Buffer.from(HEADER).copy(b, 0);
  if (info) b.write(info, 4 + 32, 'latin1');
  return b;
}
function id3(bodyBytes: number): Buffer {
  const b = Buffer.alloc(10 + bodyBytes, 0);
  b.write('ID3', 0, 'latin1');
  b[3] = 4;
  b[6] = (bodyBytes >> 21) & 0x7f;
  b[7] = (bodyBytes >> 14) & 0x7f;
  b[8] = (bodyBytes >> 7) & 0x7f;
  b[9] = bodyBytes & 0x7f;
  return b;
}
const v1 = () => Buffer.concat([Buffer.from('TAG', 'latin1'), Buffer.alloc(125, 0x20)]);
/** An episode: ID3v2, an Info frame, `n` frames filled with 1…n (mod 200), an ID3v1 tag. */
function episode(n: number): Buffer {
  return Buffer.concat([id3(100), frame(0xee, 'Info'), ...Array.from({ length: n }, (_, i) => frame(1 + (i % 200))), v1()]);
}
const spot = (n: number, fill: number) => Buffer.concat(Array.from({ length: n }, () => frame(fill)));
const frameMs = (1152 * 1000) / 44100;

describe('[ADS] MP3 frames', () => {
  it('reads a frame header, an ID3v2 size and the layout of a file (head, Info frame left out, frames, tail)', () => {
    expect(parseFrameHeader(Buffer.from(HEADER), 0)).toMatchObject({ version: 1, layer: 3, bitrateKbps: 128, sampleRate: 44100, channels: 2, size: 417 });
    expect(parseFrameHeader(Buffer.from([0xff, 0xfb, 0xf0, 0x04]), 0)).toBeNull();
    expect(id3v2Size(id3(100))).toBe(110);
    const bytes = episode(50);
    const layout = scanMp3(bytes)!;
    expect(layout.headEnd).toBe(110);
    expect(layout.info).toEqual([110, 110 + FRAME]);
    expect(layout.frames).toHaveLength(50);
    expect(layout.frames[0]).toBe(110 + FRAME);
    expect(layout.framesEnd).toBe(bytes.length - 128);
    expect(layout.uniform).toBe(true);
    expect(layout.profile).toEqual({ sampleRate: 44100, channels: 2, bitrateKbps: 128 });
    expect(layout.vbr).toBe(false);
    expect(tailPiece(layout, bytes.length)).toEqual({ from: 'episode', start: bytes.length - 128, end: bytes.length });
    expect(scanMp3(Buffer.from('not an mp3 at all, just some text'))).toBeNull();
  });

  it('stitches a pre-roll and a mid-roll at frame boundaries without touching the episode frames', () => {
    const ep = episode(100);
    const a = spot(10, 0xa1);
    const b = spot(7, 0xb2);
    // The mid-roll at 40 frames' time.
    const parts = stitchVariant(
      ep,
      [
        { atMs: 0, spots: [0] },
        { atMs: 40 * frameMs, spots: [1] },
      ],
      [a, b],
    )!;
    const out = Buffer.concat(parts);
    // The episode's Info frame is replaced by the variant's own (one bitrate: 417 bytes, like the frames).
    expect(out.length).toBe(ep.length - FRAME + FRAME + a.length + b.length);
    expect(out.subarray(0, 110).equals(ep.subarray(0, 110))).toBe(true);
    const layout = scanMp3(out)!;
    expect(layout.info).toEqual([110, 110 + FRAME]);
    expect(out.toString('latin1', 110 + 36, 110 + 40)).toBe('Info');
    // Flags (frames, bytes, TOC), the variant's frame count and byte count (the Info frame included).
    expect(out.readUInt32BE(110 + 40)).toBe(7);
    expect(out.readUInt32BE(110 + 44)).toBe(117);
    expect(out.readUInt32BE(110 + 48)).toBe(118 * FRAME);
    expect(out[110 + 52]).toBe(Math.floor((FRAME * 256) / (118 * FRAME)));
    expect(layout.frames).toHaveLength(100 + 10 + 7);
    const fills = layout.frames.map((o) => out[o + 10]);
    expect(fills.slice(0, 10)).toEqual(Array(10).fill(0xa1));
    expect(fills.slice(10, 50)).toEqual(Array.from({ length: 40 }, (_, i) => 1 + i));
    expect(fills.slice(50, 57)).toEqual(Array(7).fill(0xb2));
    expect(fills.slice(57)).toEqual(Array.from({ length: 60 }, (_, i) => 41 + i));
    expect(out.subarray(out.length - 128).toString('latin1', 0, 3)).toBe('TAG');
  });

  it('with no breaks gives the file with its own Info frame; a break past the end is dropped', () => {
    const ep = episode(20);
    const layout = scanMp3(ep)!;
    const pieces = planVariant(layout, [{ atMs: 10_000_000, spots: [0] }], [scanMp3(spot(3, 0xcc))!]);
    expect(pieces.every((p) => p.from === 'episode')).toBe(true);
    const out = Buffer.concat(stitchVariant(ep, [], [])!);
    expect(out.length).toBe(ep.length);
    expect(out.readUInt32BE(110 + 44)).toBe(20);
  });

  it('writes a Xing frame (not Info) when the frames have more than one bitrate, at the smallest bitrate it fits in when the first frame is too small', () => {
    // 32 kbit/s frames (104 bytes) cannot hold a stereo MPEG-1 Xing tag (152 bytes): the tag frame takes 48 kbit/s.
    const small = (fill: number) => {
      const b = Buffer.alloc(104, fill);
      Buffer.from([0xff, 0xfb, 0x10, 0x04]).copy(b, 0);
      return b;
    };
    const mixed = Buffer.concat([...Array.from({ length: 5 }, () => small(2)), ...Array.from({ length: 5 }, () => frame(1))]);
    const out = Buffer.concat(stitchVariant(mixed, [], [])!);
    const tag = parseFrameHeader(out, 0)!;
    expect(tag).toMatchObject({ bitrateKbps: 48, sampleRate: 44100, channels: 2, crc: false });
    expect(out.toString('latin1', 36, 40)).toBe('Xing');
    expect(out.readUInt32BE(44)).toBe(10);
    expect(out.readUInt32BE(48)).toBe(out.length);
    expect(scanMp3(out)!.vbr).toBe(true);
  });
});

const LINE: FillLine = {
  id: 1,
  cpm: 2500,
  budgetLeft: 10_000,
  startsOn: '2026-11-01',
  endsOn: '2026-11-30',
  categories: [],
  countries: [],
  devices: [],
  podcasts: [],
  publishedBefore: null,
  adCategoryId: 7,
  frequencyCap: 1,
  positions: ['pre', 'mid'],
  active: true,
  spotReady: true,
};
const CTX: FillContext = {
  day: '2026-11-25',
  listenerHash: 'listener-a',
  episodeId: 10,
  podcastId: 4,
  episodePublishedOn: '2026-10-01',
  showCategoryIds: [3],
  excludedCategoryIds: [],
  country: 'US',
  device: 'Phone',
  slots: slotsOf(1),
  listenerToday: new Map(),
  lineToday: new Map(),
};

describe('[ADS] fill decisions', () => {
  it('has 2 pre-roll and up to 4 mid-roll positions', () => {
    expect(slotsOf(0)).toEqual(['pre-0', 'pre-1']);
    expect(slotsOf(9)).toEqual(['pre-0', 'pre-1', 'mid-0', 'mid-1', 'mid-2', 'mid-3']);
  });

  it('serves an eligible line once per episode, in its first position', () => {
    expect(decideFill([LINE], CTX)).toEqual([{ slot: 'pre-0', lineId: 1 }]);
    expect(decideFill([{ ...LINE, positions: ['mid'] }], CTX)).toEqual([{ slot: 'mid-0', lineId: 1 }]);
    const two = decideFill([LINE, { ...LINE, id: 2 }], CTX);
    expect(two.map((f) => f.slot)).toEqual(['pre-0', 'pre-1']);
    expect(new Set(two.map((f) => f.lineId))).toEqual(new Set([1, 2]));
  });

  it('never serves an excluded category, an untargeted show, country or device, a line without budget or out of its dates', () => {
    expect(ineligible(LINE, { ...CTX, excludedCategoryIds: [7] })).toBe('excluded by the show');
    expect(ineligible({ ...LINE, categories: [4] }, CTX)).toBe('category not targeted');
    expect(ineligible({ ...LINE, categories: [3] }, CTX)).toBeNull();
    expect(ineligible({ ...LINE, countries: ['GB'] }, CTX)).toBe('country not targeted');
    expect(ineligible({ ...LINE, countries: ['GB'] }, { ...CTX, country: null })).toBe('country not targeted');
    expect(ineligible({ ...LINE, devices: ['Computer'] }, CTX)).toBe('device not targeted');
    expect(ineligible({ ...LINE, budgetLeft: 0 }, CTX)).toBe('no budget');
    expect(ineligible({ ...LINE, endsOn: '2026-11-24' }, CTX)).toBe('outside its dates');
    expect(ineligible({ ...LINE, active: false }, CTX)).toBe('paused');
    expect(ineligible({ ...LINE, spotReady: false }, CTX)).toBe('spot not ready');
    expect(decideFill([LINE], { ...CTX, excludedCategoryIds: [7] })).toEqual([]);
    // A host-read ad in its own show's back catalogue: that show, episodes published before the day it was asked for.
    const backCatalogue = { ...LINE, podcasts: [4], publishedBefore: '2026-11-01' };
    expect(ineligible(backCatalogue, CTX)).toBeNull();
    expect(ineligible(backCatalogue, { ...CTX, podcastId: 5 })).toBe('show not targeted');
    expect(ineligible(backCatalogue, { ...CTX, episodePublishedOn: '2026-11-02' })).toBe('not in the back catalogue');
    expect(ineligible(backCatalogue, { ...CTX, episodePublishedOn: null })).toBe('not in the back catalogue');
  });

  it('stops at the frequency cap and paces the budget over the days left', () => {
    expect(ineligible(LINE, { ...CTX, listenerToday: new Map([[1, 1]]) })).toBe('frequency cap');
    expect(ineligible({ ...LINE, frequencyCap: 2 }, { ...CTX, listenerToday: new Map([[1, 1]]) })).toBeNull();
    expect(daysLeft('2026-11-25', '2026-11-30')).toBe(6);
    // $100 over 6 days is $16.66 a day: 666 deliveries at $25 CPM.
    expect(ineligible(LINE, { ...CTX, lineToday: new Map([[1, 665]]) })).toBeNull();
    expect(ineligible(LINE, { ...CTX, lineToday: new Map([[1, 667]]) })).toBe('paced');
  });

  it('is deterministic per listener, day and episode, and rotates across listeners', () => {
    const lines = Array.from({ length: 6 }, (_, i) => ({ ...LINE, id: i + 1 }));
    expect(decideFill(lines, CTX)).toEqual(decideFill(lines, CTX));
    const firsts = new Set(Array.from({ length: 40 }, (_, i) => decideFill(lines, { ...CTX, listenerHash: `l-${i}` })[0]!.lineId));
    expect(firsts.size).toBeGreaterThan(2);
  });
});

describe('[ADS] spots and silences', () => {
  it('refuses a spot over 120 s or silent, with a reason', () => {
    expect(spotRefusal({ durationMs: 30_000, maxVolumeDb: -3 })).toBeNull();
    expect(spotRefusal({ durationMs: 121_000, maxVolumeDb: -3 })).toMatch(/at most 120 seconds/);
    expect(spotRefusal({ durationMs: 30_000, maxVolumeDb: Number.NEGATIVE_INFINITY })).toMatch(/silent/);
    expect(spotRefusal({ durationMs: 30_000, maxVolumeDb: -91 })).toMatch(/silent/);
  });

  it('reads ffmpeg reports and suggests spread-out mid-rolls away from the edges', () => {
    const report =
      '[silencedetect @ 0x1] silence_start: 1.5\n[silencedetect @ 0x1] silence_end: 2.5 | silence_duration: 1\nsilence_start: 300\nsilence_end: 302 | silence_duration: 2\nsilence_start: 301.9\nsilence_end: 303\n';
    expect(parseSilences(report)).toEqual([
      { startMs: 1500, endMs: 2500 },
      { startMs: 300_000, endMs: 302_000 },
      { startMs: 301_900, endMs: 303_000 },
    ]);
    expect(parseDurationMs('Duration: 00:01:02.50, start')).toBe(62_500);
    expect(parseDurationMs('size=1 time=00:00:31.20 bitrate\nsize=2 time=00:00:33.96 bitrate')).toBe(33_960);
    const silences = [
      { startMs: 1000, endMs: 3000 },
      { startMs: 100_000, endMs: 101_000 },
      { startMs: 100_500, endMs: 103_000 },
      { startMs: 400_000, endMs: 402_000 },
      { startMs: 597_000, endMs: 599_000 },
    ];
    expect(suggestFromSilences(silences, 600_000)).toEqual([101_750, 401_000]);
  });
});

describe('[ADS] loudness', () => {
  it('reads the integrated loudness of ebur128 and matches spots to it within -24…-10 LUFS', async () => {
    const { parseLoudness } = await import('../../src/lib/server/ads/ffmpeg');
    const { targetLoudness, profileSpotKey } = await import('../../src/lib/server/ads/spots');
    expect(
      parseLoudness('[Parsed_ebur128_1] t: 2.9 TARGET:-23 LUFS M: -22.2 S: -22.3 I: -22.2 LUFS\n  Integrated loudness:\n    I:         -19.4 LUFS\n'),
    ).toBe(-19.4);
    expect(parseLoudness('nothing here')).toBeNull();
    expect(targetLoudness(-19.4)).toBe(-19);
    expect(targetLoudness(-40)).toBe(-24);
    expect(targetLoudness(null)).toBe(-16);
    const p = { sampleRate: 22050, channels: 1 as const, bitrateKbps: 48 };
    expect(profileSpotKey(7, p)).toBe('ads/spots/7/22050-1-48.mp3');
    expect(profileSpotKey(7, p, -19)).toBe('ads/spots/7/22050-1-48_-19lufs.mp3');
  });
});
