/**
 * Apple Podcasts categories and their subcategories, as Apple lists them for `itunes:category`
 * (a subcategory is written nested inside its category, never on its own).
 */
export const APPLE_CATEGORIES: Record<string, readonly string[]> = {
  Arts: ['Books', 'Design', 'Fashion & Beauty', 'Food', 'Performing Arts', 'Visual Arts'],
  Business: ['Careers', 'Entrepreneurship', 'Investing', 'Management', 'Marketing', 'Non-Profit'],
  Comedy: ['Comedy Interviews', 'Improv', 'Stand-Up'],
  Education: ['Courses', 'How To', 'Language Learning', 'Self-Improvement'],
  Fiction: ['Comedy Fiction', 'Drama', 'Science Fiction'],
  Government: [],
  History: [],
  'Health & Fitness': ['Alternative Health', 'Fitness', 'Medicine', 'Mental Health', 'Nutrition', 'Sexuality'],
  'Kids & Family': ['Education for Kids', 'Parenting', 'Pets & Animals', 'Stories for Kids'],
  Leisure: ['Animation & Manga', 'Automotive', 'Aviation', 'Crafts', 'Games', 'Hobbies', 'Home & Garden', 'Video Games'],
  Music: ['Music Commentary', 'Music History', 'Music Interviews'],
  News: ['Business News', 'Daily News', 'Entertainment News', 'News Commentary', 'Politics', 'Sports News', 'Tech News'],
  'Religion & Spirituality': ['Buddhism', 'Christianity', 'Hinduism', 'Islam', 'Judaism', 'Religion', 'Spirituality'],
  Science: ['Astronomy', 'Chemistry', 'Earth Sciences', 'Life Sciences', 'Mathematics', 'Natural Sciences', 'Nature', 'Physics', 'Social Sciences'],
  'Society & Culture': ['Documentary', 'Personal Journals', 'Philosophy', 'Places & Travel', 'Relationships'],
  Sports: [
    'Baseball',
    'Basketball',
    'Cricket',
    'Fantasy Sports',
    'Football',
    'Golf',
    'Hockey',
    'Rugby',
    'Running',
    'Soccer',
    'Swimming',
    'Tennis',
    'Volleyball',
    'Wilderness',
    'Wrestling',
  ],
  Technology: [],
  'True Crime': [],
  'TV & Film': ['After Shows', 'Film History', 'Film Interviews', 'Film Reviews', 'TV Reviews'],
};

export interface ItunesCategoryPair {
  category: string;
  subcategory: string | null;
}

/** True when the pair is one of Apple's: a known category, and a subcategory of that category or none. */
export function isAppleCategory(pair: ItunesCategoryPair): boolean {
  const subs = APPLE_CATEGORIES[pair.category];
  return !!subs && (pair.subcategory === null || subs.includes(pair.subcategory));
}

/**
 * The Apple category of a name a feed or the catalogue uses: a category as is, a subcategory under its
 * category ("Performing Arts" → Arts > Performing Arts); null when Apple has no such name.
 */
export function appleCategoryOf(name: string): ItunesCategoryPair | null {
  const wanted = name.trim().toLowerCase();
  for (const [category, subs] of Object.entries(APPLE_CATEGORIES)) {
    if (category.toLowerCase() === wanted) return { category, subcategory: null };
    const sub = subs.find((s) => s.toLowerCase() === wanted);
    if (sub) return { category, subcategory: sub };
  }
  return null;
}

/** "Arts > Performing Arts", or the category alone. */
export function categoryLabel(pair: ItunesCategoryPair): string {
  return pair.subcategory ? `${pair.category} > ${pair.subcategory}` : pair.category;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && w !== 'and');

/**
 * The Apple categories nearest to a name Apple does not list ("News & Politics" → News > Politics, News, …):
 * each category and subcategory is scored by the words it shares with the name (a word's stem counts too,
 * "Sport" ~ "Sports"); the best `limit`, best first. Empty when nothing is near.
 */
export function nearestAppleCategories(name: string, limit = 3): ItunesCategoryPair[] {
  const wanted = words(name);
  if (!wanted.length) return [];
  const stem = (w: string) => w.replace(/(ies|es|s)$/, '');
  const score = (label: string) => {
    const have = words(label);
    let n = 0;
    for (const w of wanted) if (have.some((h) => h === w || stem(h) === stem(w))) n += 1;
    // Share of the label's words matched, so "News > Politics" beats "News > Business News" for "News & Politics".
    return n === 0 ? 0 : n + n / have.length;
  };
  const scored: Array<{ pair: ItunesCategoryPair; score: number }> = [];
  for (const [category, subs] of Object.entries(APPLE_CATEGORIES)) {
    scored.push({ pair: { category, subcategory: null }, score: score(category) });
    for (const sub of subs) scored.push({ pair: { category, subcategory: sub }, score: score(`${category} ${sub}`) });
  }
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s) => s.pair);
}
