/** Podcast search for onboarding: Cuepoint's own catalogue first, then the external directories when configured. */
import { desc, eq, ilike, or } from 'drizzle-orm';
import { getDb, podcasts } from '../db';
import { notFound } from '../http';
import { findInDirectories, searchDirectories } from './search-directories';

export interface SearchResult {
  id: string;
  title: string;
  url: string;
  about: string;
  avatar_url: string | null;
}

const LIMIT = 20;

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Shows whose title or feed address contains the term: the catalogue (most listened first), then the directories, one per feed. */
export async function searchPodcasts(term: string): Promise<SearchResult[]> {
  const [own, external] = await Promise.all([searchCatalogue(term), searchDirectories(term)]);
  const seen = new Set(own.map((r) => r.url.toLowerCase()));
  const out = [...own];
  for (const r of external) {
    if (out.length >= LIMIT * 2) break;
    if (seen.has(r.url.toLowerCase())) continue;
    seen.add(r.url.toLowerCase());
    out.push(r);
  }
  return out;
}

/** Shows of Cuepoint's catalogue whose title or feed address contains the term, most listened first. */
export async function searchCatalogue(term: string): Promise<SearchResult[]> {
  const clean = term.trim().slice(0, 100);
  if (!clean) return [];
  const db = await getDb();
  const like = `%${escapeLike(clean)}%`;
  const rows = await db
    .select()
    .from(podcasts)
    .where(or(ilike(podcasts.title, like), ilike(podcasts.url, like)))
    .orderBy(desc(podcasts.avg_listens))
    .limit(LIMIT * 3);
  // One result per feed address: several podcasters may have claimed the same show.
  const seen = new Set<string>();
  const out: SearchResult[] = [];
  for (const r of rows) {
    const key = r.url.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ id: r.hash_id, title: r.title, url: r.url, about: r.about.slice(0, 300), avatar_url: r.avatar_url });
    if (out.length === LIMIT) break;
  }
  return out;
}

/** One result by its id: a directory id (`itunes-…`, `pi-…`) or the podcast's hash id in the catalogue. */
export async function searchPodcastById(id: string): Promise<SearchResult> {
  if (/^(itunes|pi)-\d+$/.test(id)) {
    const found = await findInDirectories(id);
    if (!found) throw notFound();
    return found;
  }
  const db = await getDb();
  const [r] = await db
    .select()
    .from(podcasts)
    .where(eq(podcasts.hash_id, id.slice(0, 64)));
  if (!r) throw notFound();
  return { id: r.hash_id, title: r.title, url: r.url, about: r.about.slice(0, 300), avatar_url: r.avatar_url };
}
