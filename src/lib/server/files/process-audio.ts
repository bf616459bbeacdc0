/**
 * The background job of uploaded audio (core §5 "audio item"): decodes the file with ffmpeg (the binary
 * shipped by @ffmpeg-installer), measures its duration, computes waveform peaks for the player, and sets
 * transcoding_status to completed, or failed when the file cannot be decoded.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { getDb, files } from '../db';
import { registerJob } from '../jobs';
import { broadcast } from '../realtime';
import { fileResource } from './file-resource';
import { withLocalCopy } from './storage';
import { PROCESS_AUDIO_JOB } from './store-file';

/** Samples per second the waveform is measured at (mono). */
const SAMPLE_RATE = 8000;
/** Peaks per second before the waveform is fitted to WAVEFORM_MAX_PEAKS. */
const BLOCKS_PER_SECOND = 100;
/** Most peaks stored for one file: enough for a wide player, small enough for a JSON column. */
export const WAVEFORM_MAX_PEAKS = 1000;

/** The path of the ffmpeg binary shipped inside the @ffmpeg-installer platform package. */
export function ffmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export interface AudioAnalysis {
  duration: number;
  peaks: number[];
}

/** Fits block peaks to at most `max` peaks (each the loudest of its group), normalised to 0..1 with 2 decimals. */
export function fitPeaks(blocks: number[], max = WAVEFORM_MAX_PEAKS): number[] {
  if (blocks.length === 0) return [];
  const count = Math.min(max, blocks.length);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * blocks.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * blocks.length) / count));
    let peak = 0;
    for (let j = from; j < to; j++) peak = Math.max(peak, blocks[j]!);
    out.push(peak);
  }
  const loudest = Math.max(...out) || 1;
  return out.map((p) => Math.round((p / loudest) * 100) / 100);
}

/** Decodes an audio file and answers its duration (s) and waveform peaks; rejects when it cannot be decoded. */
export function analyseAudio(path: string): Promise<AudioAnalysis> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      ['-hide_banner', '-nostdin', '-v', 'error', '-i', path, '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', 'pipe:1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const blockSize = SAMPLE_RATE / BLOCKS_PER_SECOND;
    const blocks: number[] = [];
    let samples = 0;
    let current = 0;
    let inBlock = 0;
    let carry: Buffer | null = null;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const usable = data.length - (data.length % 2);
      carry = usable < data.length ? data.subarray(usable) : null;
      for (let i = 0; i < usable; i += 2) {
        const v = Math.abs(data.readInt16LE(i));
        if (v > current) current = v;
        if (++inBlock === blockSize) {
          blocks.push(current / 32768);
          current = 0;
          inBlock = 0;
        }
      }
      samples += usable / 2;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (inBlock > 0) blocks.push(current / 32768);
      if (code !== 0 || samples === 0) {
        reject(new Error(`ffmpeg could not decode the file (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`));
        return;
      }
      resolve({ duration: Math.round((samples / SAMPLE_RATE) * 1000) / 1000, peaks: fitPeaks(blocks) });
    });
  });
}

/** Processes one stored audio file: processing → completed (duration, waveform) or failed. */
export async function processAudio(fileId: number): Promise<void> {
  const db = await getDb();
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file) return;
  await db.update(files).set({ transcoding_status: 'processing' }).where(eq(files.id, fileId));
  let update: Partial<typeof files.$inferInsert>;
  try {
    const { duration, peaks } = await withLocalCopy(file.path, analyseAudio);
    update = { duration, waveform: peaks, transcoding_status: 'completed', meta: { ...file.meta, sample_rate: SAMPLE_RATE } };
  } catch (error) {
    update = { transcoding_status: 'failed', meta: { ...file.meta, error: error instanceof Error ? error.message.slice(0, 500) : 'decode failed' } };
  }
  const [saved] = await db.update(files).set(update).where(eq(files.id, fileId)).returning();
  if (saved?.user_id) {
    const { waveform: _waveform, ...rest } = fileResource(saved);
    await broadcast(`private-users.${saved.user_id}`, 'files.processed', { file: rest }).catch(() => undefined);
  }
}

declare module '../jobs/queue' {
  interface JobPayloads {
    'files.process-audio': { fileId: number };
  }
}

/** Registers this work with the queue; boot (src/lib/server/runtime.ts) calls it once per process. */
export function registerAudioProcessing(): void {
  registerJob(PROCESS_AUDIO_JOB, async (payload) => {
    const id = Number(payload.fileId);
    if (Number.isInteger(id) && id > 0) await processAudio(id);
  });
}
