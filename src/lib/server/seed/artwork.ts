/**
 * Artwork for the demo's shows and brands (issue 37: real artwork wherever a show or brand appears, not
 * a letter in a square). Each one gets its own cover, made with ffmpeg: a two-colour gradient of its own
 * palette, soft rings around a point of its own, and its initials (and, for a show, its title) when a
 * font is at hand. The files go in as a podcaster or a brand uploads them: through the podcasts and users
 * domains' avatar calls, which check the type and size and store the file.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { isNull } from 'drizzle-orm';
import { runFfmpeg } from '../ads';
import { brands, getDb, podcasts } from '../db';
import { savePodcastAvatar } from '../podcasts';
import { saveBrandAvatar } from '../users';

/** Background pairs (top-left, bottom-right) a cover is painted with, picked by its name. */
const PALETTES: Array<[[number, number, number], [number, number, number]]> = [
  [
    [17, 94, 89],
    [94, 234, 212],
  ],
  [
    [30, 41, 120],
    [129, 140, 248],
  ],
  [
    [124, 45, 18],
    [251, 146, 60],
  ],
  [
    [88, 28, 135],
    [232, 121, 249],
  ],
  [
    [20, 83, 45],
    [163, 230, 53],
  ],
  [
    [127, 29, 29],
    [248, 113, 113],
  ],
  [
    [12, 74, 110],
    [56, 189, 248],
  ],
  [
    [113, 63, 18],
    [250, 204, 21],
  ],
  [
    [51, 65, 85],
    [203, 213, 225],
  ],
  [
    [131, 24, 67],
    [251, 113, 133],
  ],
];

const FONT = ['/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf', '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf'].find((f) =>
  existsSync(f),
);

/** A name's initials: "Second Wind Running" → "SW". */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const picked = words.filter((w) => !/^(the|a|an|of|and|co|inc)$/i.test(w));
  return (picked.length ? picked : words)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** The ffmpeg arguments of a name's cover, 800 px square (JPEG); `font` adds its initials and title. */
export function coverArgs(name: string, out: string, textDir: string, font: string | undefined, withTitle: boolean): string[] {
  const digest = createHash('sha256').update(name).digest();
  const [from, to] = PALETTES[digest[0]! % PALETTES.length]!;
  const cx = 160 + (digest[1]! % 480);
  const cy = 160 + (digest[2]! % 480);
  const ring = 18 + (digest[3]! % 14);
  const channel = (i: 0 | 1 | 2) => `${from[i]}+(${to[i] - from[i]})*(X+Y)/(W+H)+16*sin(hypot(X-${cx},Y-${cy})/${ring})*(1-hypot(X-${cx},Y-${cy})/1200)`;
  const filters = [`geq=r='${channel(0)}':g='${channel(1)}':b='${channel(2)}'`];
  if (font) {
    const initials = join(textDir, 'initials.txt');
    writeFileSync(initials, initialsOf(name));
    filters.push(`drawtext=fontfile=${font}:textfile=${initials}:fontsize=300:fontcolor=white@0.92:x=(w-text_w)/2:y=(h-text_h)/2-40`);
    if (withTitle) {
      const title = join(textDir, 'title.txt');
      writeFileSync(title, name.length > 28 ? `${name.slice(0, 27)}…` : name);
      filters.push(`drawtext=fontfile=${font}:textfile=${title}:fontsize=44:fontcolor=white@0.9:x=(w-text_w)/2:y=h-120`);
    }
  }
  return ['-f', 'lavfi', '-i', 'color=s=800x800:d=1', '-vf', filters.join(','), '-frames:v', '1', '-q:v', '3', out];
}

/** A name's cover as JPEG bytes; covers already made (by this or another demo server) are reused. */
async function cover(name: string, withTitle: boolean): Promise<Buffer> {
  const dir = join(
    tmpdir(),
    'cuepoint-demo-art',
    createHash('sha256')
      .update(`${name}|${withTitle}|${FONT ?? ''}`)
      .digest('hex')
      .slice(0, 16),
  );
  const out = join(dir, 'cover.jpg');
  if (!existsSync(out)) {
    // Made under a name of this process's own and renamed into place: demo servers that start together
    // never read one another's half-written cover.
    const work = join(dir, String(process.pid));
    mkdirSync(work, { recursive: true });
    const made = join(work, 'cover.jpg');
    try {
      await runFfmpeg(['-y', ...coverArgs(name, made, work, FONT, withTitle)], 60_000);
    } catch {
      // Without a font that ffmpeg can read, the cover is the pattern alone.
      await runFfmpeg(['-y', ...coverArgs(name, made, work, undefined, false)], 60_000);
    }
    renameSync(made, out);
    rmSync(work, { recursive: true, force: true });
  }
  return readFileSync(out);
}

const jpeg = (bytes: Buffer) => new File([new Uint8Array(bytes)], 'cover.jpg', { type: 'image/jpeg' });

/** Gives every demo show and brand without artwork a cover of its own, uploaded as its owner would. */
export async function seedArtwork(): Promise<void> {
  const db = await getDb();
  const shows = await db.select({ id: podcasts.id, user_id: podcasts.user_id, title: podcasts.title }).from(podcasts).where(isNull(podcasts.avatar_url));
  for (const show of shows) await savePodcastAvatar(show.user_id, show.id, jpeg(await cover(show.title, true)));
  const logos = await db.select({ user_id: brands.user_id, name: brands.name }).from(brands).where(isNull(brands.avatar_url));
  for (const brand of logos) if (brand.name) await saveBrandAvatar(brand.user_id, jpeg(await cover(brand.name, false)));
}
