/**
 * The automated-ads demo: brand@cuepoint.test's Autumn Roast Launch carries one automated line (a short
 * generated jingle, $25 CPM, $200 budget, every show and device), so downloading an episode of the live
 * demo show (live@cuepoint.test's Saltmarsh Radio) plays the spot first. Made through the ads domain,
 * as a brand would: a stored upload, the line, its budget charged to the brand's card.
 */
import { and, eq } from 'drizzle-orm';
import { getDb, campaigns, users } from '../db';
import { now as clockNow } from '../clock';
import { scratchPath, storeFile } from '../files';
import { listCards } from '../payments';
import { runFfmpeg, createAdLine } from '../ads';
import { utcDay } from '../measurement';

const DAY = 86_400_000;

/** Makes a 6-second jingle (a rising three-note chime over a soft pad). */
export async function makeDemoSpot(): Promise<string> {
  const out = `${await scratchPath('demo-spot')}.mp3`;
  const notes = [523.25, 659.25, 783.99].map((f, i) => `sin(2*PI*${f}*t)*between(t,${i * 0.6},6)*exp(-(t-${i * 0.6})*0.6)`).join('+');
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='0.25*(${notes})+0.05*sin(2*PI*130.81*t)':s=44100:d=6`,
    '-af',
    'afade=t=in:d=0.05,afade=t=out:st=5.2:d=0.8',
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    out,
  ]);
  return out;
}

/** Adds the demo line; nothing when the brand, its card or its campaign is missing. */
export async function seedAdsDemo(now = clockNow()): Promise<number | null> {
  const db = await getDb();
  const [brand] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'brand@cuepoint.test'));
  if (!brand) return null;
  const [campaign] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.brand_user_id, brand.id), eq(campaigns.title, 'Autumn Roast Launch')));
  const [card] = await listCards(brand.id);
  if (!campaign || !card) return null;
  const file = await storeFile({ userId: brand.id, tempPath: await makeDemoSpot(), originalName: 'autumn-roast-jingle.mp3' });
  const line = await createAdLine(brand.id, campaign.id, {
    title: 'Autumn Roast jingle',
    spot_file_id: file.id,
    cpm: 2500,
    budget: 20_000,
    starts_on: utcDay(new Date(now.getTime() - DAY)),
    ends_on: utcDay(new Date(now.getTime() + 90 * DAY)),
    frequency_cap: 3,
    positions: ['pre'],
    card_id: card.id,
  });
  return line.id;
}
