/**
 * Stitched variants players can trust (issue 36 §5): episodes of several bitrates, sample rates, channel
 * layouts, CBR and VBR (encoded by ffmpeg's LAME, with LAME's own Info/Xing frame) get a pre-roll and a
 * mid-roll spot encoded the way the server encodes them (encodeToProfile from a 44.1 kHz stereo master).
 * The spot must come out in the episode's exact format and bitrate, and the duration ffmpeg reads from the
 * variant's header (`ffmpeg -i`, as players read it) must be within 0.5 % of the samples it decodes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeToProfile, runFfmpeg } from '../../src/lib/server/ads/ffmpeg';
import { type Mp3Layout, parseFrameHeader, planVariant, scanMp3, stitchWithInfo } from '../../src/lib/server/ads/mp3-frames';
import { ffmpegPath } from '../../src/lib/server/files/process-audio';

const dir = mkdtempSync(join(tmpdir(), 'ads-duration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs ffmpeg, answering stdout's byte count and stderr, whatever the exit code (`ffmpeg -i` alone exits 1). */
function ffmpeg(args: string[]): Promise<{ bytes: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve({ bytes, stderr }));
  });
}

/** The duration in seconds a player reads from the file's header ("Duration:" of `ffmpeg -i`). */
async function headerSeconds(path: string): Promise<number> {
  const { stderr } = await ffmpeg(['-i', path]);
  const m = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  if (!m) throw new Error(`No duration in: ${stderr.slice(0, 400)}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** The decoded length in seconds: every sample decoded, counted (mono 16-bit at the file's rate). */
async function decodedSeconds(path: string, sampleRate: number): Promise<number> {
  const { bytes } = await ffmpeg(['-i', path, '-vn', '-ac', '1', '-ar', String(sampleRate), '-f', 's16le', '-c:a', 'pcm_s16le', 'pipe:1']);
  return bytes / 2 / sampleRate;
}

/** An episode of speech-like sound (a wobbling tone over noise, so VBR frames really vary) with pauses. */
async function makeEpisode(name: string, seconds: number, encode: string[]): Promise<string> {
  const path = join(dir, name);
  const source = `aevalsrc=0.4*sin(2*PI*(220+80*sin(2*PI*0.7*t))*t)*(gt(mod(t\\,4)\\,0.6)):s=48000:d=${seconds}`;
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=a=0.05:d=${seconds}`,
    '-filter_complex',
    'amix=inputs=2:duration=first',
    ...encode,
    path,
  ]);
  return path;
}

const cases: Array<{ name: string; encode: string[]; rate: number; channels: 1 | 2; vbr: boolean }> = [
  { name: 'cbr-64k-22050-mono', encode: ['-ar', '22050', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '64k'], rate: 22050, channels: 1, vbr: false },
  { name: 'cbr-128k-44100-stereo', encode: ['-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k'], rate: 44100, channels: 2, vbr: false },
  { name: 'cbr-192k-48000-stereo', encode: ['-ar', '48000', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '192k'], rate: 48000, channels: 2, vbr: false },
  { name: 'cbr-48k-48000-mono', encode: ['-ar', '48000', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k'], rate: 48000, channels: 1, vbr: false },
  { name: 'vbr-q4-44100-stereo', encode: ['-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-q:a', '4'], rate: 44100, channels: 2, vbr: true },
  { name: 'vbr-q7-22050-mono', encode: ['-ar', '22050', '-ac', '1', '-c:a', 'libmp3lame', '-q:a', '7'], rate: 22050, channels: 1, vbr: true },
];

describe('[ADS] stitched variants carry their true length', () => {
  let master = '';

  it.each(cases)(
    '$name: spots in the episode format, header duration within 0.5 % of the decoded length',
    async (c) => {
      if (!master) {
        // The server's spot master: 44.1 kHz stereo 16-bit WAV (normaliseSpot's output).
        master = join(dir, 'master.wav');
        await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=44100:duration=7.3', '-ac', '2', '-c:a', 'pcm_s16le', master]);
      }
      const episodePath = await makeEpisode(`${c.name}.mp3`, 29.1, c.encode);
      const episodeBytes = await readFile(episodePath);
      const episode = scanMp3(episodeBytes)!;
      expect(episode.uniform).toBe(true);
      expect(episode.vbr).toBe(c.vbr);
      expect(episode.profile).toMatchObject({ sampleRate: c.rate, channels: c.channels });

      const spotPath = join(dir, `${c.name}-spot.mp3`);
      await encodeToProfile(master, spotPath, episode.profile);
      const spotBytes = await readFile(spotPath);
      const spot = scanMp3(spotBytes)!;
      // The spot's every frame: the episode's sample rate, channels, Layer III and (for CBR) its exact bitrate.
      const episodeFirst = parseFrameHeader(episodeBytes, episode.frames[0]!)!;
      for (const offset of spot.frames) {
        const h = parseFrameHeader(spotBytes, offset)!;
        expect(h).toMatchObject({ sampleRate: c.rate, channels: c.channels, layer: 3, version: episodeFirst.version });
        expect(h.bitrateKbps).toBe(episode.profile.bitrateKbps);
      }
      if (!c.vbr) expect(episode.profile.bitrateKbps).toBe(episodeFirst.bitrateKbps);

      const pieces = planVariant(
        episode,
        [
          { atMs: 0, spots: [0] },
          { atMs: 12_000, spots: [0] },
        ],
        [spot],
      );
      const variantBytes = Buffer.concat(stitchWithInfo(episodeBytes, episode, pieces, [spotBytes], [spot as Mp3Layout]));
      const variantPath = join(dir, `${c.name}-variant.mp3`);
      await writeFile(variantPath, variantBytes);

      // The variant's own Info/Xing frame counts its real frames.
      const variant = scanMp3(variantBytes)!;
      expect(variant.info).not.toBeNull();
      const sideInfo = episodeFirst.version === 1 ? (c.channels === 1 ? 17 : 32) : c.channels === 1 ? 9 : 17;
      const tagAt = variant.info![0] + 4 + sideInfo;
      const tag = variantBytes.toString('latin1', tagAt, tagAt + 4);
      // Spots at the episode's bitrate keep a CBR episode one bitrate ("Info"); a VBR one stays "Xing".
      expect(tag).toBe(c.vbr ? 'Xing' : 'Info');
      expect(variant.frames.length).toBe(episode.frames.length + 2 * spot.frames.length);

      const header = await headerSeconds(variantPath);
      const decoded = await decodedSeconds(variantPath, c.rate);
      expect(Math.abs(header - decoded) / decoded).toBeLessThan(0.005);
      // And the variant is the episode plus two spots.
      const expected = (await decodedSeconds(episodePath, c.rate)) + 2 * (await decodedSeconds(spotPath, c.rate));
      expect(Math.abs(decoded - expected)).toBeLessThan(0.2);
    },
    60_000,
  );
});
