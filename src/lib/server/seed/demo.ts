/**
 * Demo data for a new install: real-looking shows, brands and campaigns, and the four sign-ins the
 * README lists (password cuepoint-demo). Runs only on an empty database, or by `npm run seed`.
 */
import { seedArtwork } from './artwork';
import { seedPodcasterMedia } from './podcaster-media';
import { seedDelivery } from './delivery';
import { seedHostingDemo } from './hosting-demo';
import { seedAdsDemo } from './ads-demo';
import { count } from 'drizzle-orm';
import {
  getDb,
  type Tx,
  ads,
  brands,
  campaignAds,
  campaignCategories,
  campaigns,
  categories,
  episodes,
  hostedPodcasts,
  podcastCategories,
  podcasters,
  podcasts,
  users,
} from '../db';
import { randomToken } from '../crypto';
import { hashPassword } from '../users';
import { seedWorkrooms } from './workrooms';
import { seedBrands } from './brands';
import { seedAttribution } from './attribution';
import { seedPodcasters } from './podcasters';
import { seedMeasurement } from './measurement';
import { seedSupport } from './support';
import { seedPayments } from './payments';
import { now as clockNow, today } from '../clock';
import { addDays } from '../../slots';

export const DEMO_PASSWORD = 'cuepoint-demo';

export const DEMO_SIGN_INS = [
  { email: 'admin@cuepoint.test', role: 'ADMIN (is_editor); two-factor required: set up an authenticator app or a passkey at the first sign-in' },
  { email: 'brand@cuepoint.test', role: 'BRAND' },
  { email: 'podcaster@cuepoint.test', role: 'PODCASTER, not hosted' },
  { email: 'hosted@cuepoint.test', role: 'PODCASTER, hosted podcast, migration pending (its old feed is served by /feeds/demo-host/)' },
  { email: 'live@cuepoint.test', role: 'PODCASTER, hosted podcast live on Cuepoint: a dozen episodes, one scheduled, one draft' },
] as const;

/** The Apple Podcasts top-level categories. */
export const CATEGORY_TITLES = [
  'Arts',
  'Business',
  'Comedy',
  'Education',
  'Fiction',
  'Government',
  'Health & Fitness',
  'History',
  'Kids & Family',
  'Leisure',
  'Music',
  'News',
  'Religion & Spirituality',
  'Science',
  'Society & Culture',
  'Sports',
  'Technology',
  'True Crime',
  'TV & Film',
];

/** True when no user exists yet. */
export async function isDatabaseEmpty(): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/** The two ad types; every install needs them, so they are upserted. */
export async function seedCatalogue(tx: Tx): Promise<{ categoryId: (title: string) => number; adId: (type: 'sponsorship' | 'host') => number }> {
  await tx
    .insert(categories)
    .values(CATEGORY_TITLES.map((title) => ({ title })))
    .onConflictDoNothing();
  await tx
    .insert(ads)
    .values([
      {
        type: 'sponsorship',
        title: 'Sponsorship',
        sort: 1,
        icon: 'mic',
        price: 0,
        brand_description: 'A produced or read sponsor message placed as a pre-roll or mid-roll in the episode.',
        podcaster_description: 'Run the brand’s sponsor message in the pre-roll or mid-roll of an episode.',
      },
      {
        type: 'host',
        title: 'Host-Read',
        sort: 2,
        icon: 'podcast',
        price: 0,
        brand_description: 'The host talks about your product in their own words, the way they would recommend it to a friend.',
        podcaster_description: 'Tell your listeners about the product in your own words, from your own experience.',
      },
    ])
    .onConflictDoNothing();
  const cats = await tx.select().from(categories);
  const adRows = await tx.select().from(ads);
  return {
    categoryId: (title) => cats.find((c) => c.title === title)!.id,
    adId: (type) => adRows.find((a) => a.type === type)!.id,
  };
}

const daysFromNow = (days: number) => addDays(today(), days);
const daysAgo = (days: number) => new Date(clockNow().getTime() - days * 86_400_000);

/** Fills the database with the demo sign-ins, shows, brands and campaigns. */
export async function seedDemo(): Promise<void> {
  const db = await getDb();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const { categoryId, adId } = await seedCatalogue(tx);
    const verified = daysAgo(40);

    const user = async (email: string, first: string, last: string, type: 'ADMIN' | 'BRAND' | 'PODCASTER', extra: Partial<typeof users.$inferInsert> = {}) => {
      const [row] = await tx
        .insert(users)
        .values({
          encrypted_id: randomToken(18),
          email,
          first_name: first,
          last_name: last,
          type,
          password_hash: passwordHash,
          email_verified_at: verified,
          created_at: verified,
          ...extra,
        })
        .returning({ id: users.id });
      return row!.id;
    };

    await user('admin@cuepoint.test', 'Avery', 'Quinn', 'ADMIN', { is_editor: true, country: 'US' });

    // Brands
    const brandDefs = [
      {
        email: 'brand@cuepoint.test',
        first: 'Maya',
        last: 'Okafor',
        name: 'Trailhead Coffee Co.',
        url: 'https://trailheadcoffee.example',
        state: 'OR',
        zip: '97214',
        address: '1120 SE Hawthorne Blvd, Portland',
        cat: 'Leisure',
      },
      {
        email: 'partnerships@lumensleep.example',
        first: 'Daniel',
        last: 'Ferreira',
        name: 'Lumen Sleep',
        url: 'https://lumensleep.example',
        state: 'CO',
        zip: '80205',
        address: '2901 Blake St, Denver',
        cat: 'Health & Fitness',
      },
      {
        email: 'growth@northwindbikes.example',
        first: 'Hannah',
        last: 'Lindqvist',
        name: 'Northwind Bikes',
        url: 'https://northwindbikes.example',
        state: 'MN',
        zip: '55401',
        address: '400 N 1st Ave, Minneapolis',
        cat: 'Sports',
      },
    ];
    const brandIds: number[] = [];
    for (const b of brandDefs) {
      const id = await user(b.email, b.first, b.last, 'BRAND', { country: 'US' });
      await tx.insert(brands).values({
        user_id: id,
        name: b.name,
        url: b.url,
        country: 'US',
        state: b.state,
        zip: b.zip,
        address: b.address,
        category_id: categoryId(b.cat),
        ad_ids: [adId('sponsorship'), adId('host')],
      });
      brandIds.push(id);
    }

    // Podcasters and their shows
    const showDefs = [
      {
        email: 'podcaster@cuepoint.test',
        first: 'Jordan',
        last: 'Reyes',
        title: 'Second Wind Running',
        url: 'https://feeds.buzzsprout.com/2051347.rss',
        owner: 'jordan@secondwindrunning.example',
        about:
          'Weekly conversations with everyday runners, coaches and ultra athletes about training smarter, racing happier and getting back out the door after a setback.',
        cats: ['Sports', 'Health & Fitness'],
        listens: 8400,
        rating: 4.7,
        premium: true,
        hosted: false,
        eps: [
          'How to Build a Base Without Getting Hurt',
          'Trail Shoes, Demystified',
          'Coach Amani on Negative Splits',
          'Running Through Grief',
          'The Boston Qualifier Mindset',
        ],
      },
      {
        email: 'hosted@cuepoint.test',
        first: 'Priya',
        last: 'Natarajan',
        title: 'Night Shift Stories',
        url: 'https://feeds.libsyn.com/418032/rss',
        owner: 'priya@nightshiftstories.example',
        about:
          'Short fiction for the hours after midnight: nurses, truckers, bakers and security guards tell the strangest thing that happened on their shift, retold as audio drama.',
        cats: ['Fiction', 'Arts'],
        listens: 12600,
        rating: 4.9,
        premium: false,
        hosted: true,
        eps: ['The Bakery on Route 9', 'Room 412 Never Rings', 'Dispatch, Do You Copy?', 'Last Train to Harwick', 'The Lighthouse Keeper’s Apprentice'],
      },
      {
        email: 'hello@ledgerandlatte.example',
        first: 'Marcus',
        last: 'Bell',
        title: 'Ledger & Latte',
        url: 'https://feeds.simplecast.com/Xk29aLq1',
        owner: 'marcus@ledgerandlatte.example',
        about:
          'Money talk for small-business owners over a morning coffee: pricing, cash flow, hiring your first employee and the numbers behind businesses you love.',
        cats: ['Business'],
        listens: 5300,
        rating: 4.5,
        premium: false,
        hosted: false,
        eps: ['Pricing Your First Product', 'Cash Flow Is a Feeling', 'When to Hire Help', 'Inside a Neighborhood Bakery’s Books'],
      },
      {
        email: 'team@smallbatchscience.example',
        first: 'Elena',
        last: 'Sorensen',
        title: 'Small Batch Science',
        url: 'https://anchor.fm/s/8a21f3c4/podcast/rss',
        owner: 'elena@smallbatchscience.example',
        about:
          'The chemistry of coffee roasting, sourdough, fermentation and everything else in your kitchen, explained by working scientists in twenty minutes or less.',
        cats: ['Science', 'Leisure'],
        listens: 3100,
        rating: 4.6,
        premium: false,
        hosted: false,
        eps: ['Why Coffee Cracks Twice', 'The Secret Life of Sourdough Starters', 'Maillard, Explained', 'Kombucha Under the Microscope'],
      },
      {
        email: 'studio@backcountrykitchen.example',
        first: 'Wes',
        last: 'Okonkwo',
        title: 'Backcountry Kitchen',
        url: 'https://backcountrykitchen.example/feed.xml',
        owner: 'wes@backcountrykitchen.example',
        about:
          'Camp cooking, long-distance hiking and the gear that makes both lighter. Recipes and trail stories from the Pacific Crest to the Appalachian Trail.',
        cats: ['Leisure', 'Sports'],
        listens: 2200,
        rating: 4.4,
        premium: false,
        hosted: false,
        eps: ['A Week of Meals Under Two Pounds', 'Stoves Compared', 'Thru-Hiker Breakfasts'],
      },
    ];
    for (const s of showDefs) {
      const uid = await user(s.email, s.first, s.last, 'PODCASTER', { country: 'US' });
      await tx.insert(podcasters).values({ user_id: uid, source: 'demo', is_completed: true });
      const [pod] = await tx
        .insert(podcasts)
        .values({
          hash_id: randomToken(8),
          user_id: uid,
          email: s.owner,
          url: s.url,
          title: s.title,
          about: s.about,
          country: 'US',
          category_id: categoryId(s.cats[0]!),
          is_premium: s.premium,
          is_onboarded: true,
          rating_avg: s.rating,
          avg_listens: s.listens,
          source: 'rss',
          verified_at: s.hosted ? null : verified,
          schedule_settings: { days: [2], frequency: 1, start_from: daysFromNow(-30) },
        })
        .returning({ id: podcasts.id });
      await tx.insert(podcastCategories).values(s.cats.map((c) => ({ podcast_id: pod!.id, category_id: categoryId(c) })));
      await tx.insert(episodes).values(
        s.eps.map((title, i) => ({
          hash_id: randomToken(8),
          podcast_id: pod!.id,
          guid: `${s.url}#ep-${s.eps.length - i}`,
          title,
          url: `${s.url.replace(/\/(rss|feed\.xml|podcast\/rss)$|\.rss$/, '')}/episodes/${s.eps.length - i}`,
          published_at: daysAgo(7 * i + 3),
          duration: 1500 + i * 240,
          // Shows that are not hosted keep their audio at their host (a 128 kbit/s MP3); hosted ones get theirs from the migration.
          ...(s.hosted
            ? {}
            : {
                enclosure_url: `${s.url.replace(/\/(rss|feed\.xml|podcast\/rss)$|\.rss$/, '')}/episodes/${s.eps.length - i}.mp3`,
                enclosure_type: 'audio/mpeg',
                enclosure_length: (1500 + i * 240) * 16_000,
              }),
          episode_number: s.eps.length - i,
          listens: Math.round(s.listens * (1 - i * 0.08)),
          total_listens: Math.round(s.listens * (1.4 - i * 0.1)),
        })),
      );
      if (s.hosted) {
        await tx.insert(hostedPodcasts).values({ podcast_id: pod!.id, type: 'other', migration_status: 'pending', original_url: s.url });
      }
    }

    // Campaigns of the demo brands, approved and running
    const campaignDefs = [
      {
        brand: brandIds[0]!,
        title: 'Autumn Roast Launch',
        budget: 1_500_000,
        duration: 30,
        delivery: 35,
        url: 'https://trailheadcoffee.example/autumn-roast',
        cats: ['Leisure', 'Science', 'Business'],
        description:
          'We are launching Ember, our small-lot autumn roast with notes of toasted pecan and dark cherry. We are looking for hosts who genuinely drink good coffee to tell their listeners about it, with a 15% launch code.',
        ads: {
          sponsorship: 'Mention Ember by name, the tasting notes, and the code WIND15 for 15% off the first bag.',
          host: 'Brew a cup on air or describe your morning routine with Ember; keep it personal and honest.',
        },
      },
      {
        brand: brandIds[0]!,
        title: 'Cold Brew Kit Spring Push',
        budget: 800_000,
        duration: 21,
        delivery: 60,
        url: 'https://trailheadcoffee.example/cold-brew',
        cats: ['Sports', 'Health & Fitness'],
        description: 'Our reusable cold brew kit makes a week of coffee in one jar. Perfect for runners and hikers who want caffeine without the café stop.',
        ads: { host: 'Talk about how you prep coffee before a long run or hike, and point listeners to trailheadcoffee.example/cold-brew.' },
      },
      {
        brand: brandIds[1]!,
        title: 'Sleep Better in 30 Nights',
        budget: 2_400_000,
        duration: 30,
        delivery: 45,
        url: 'https://lumensleep.example/30-nights',
        cats: ['Health & Fitness', 'Fiction', 'Society & Culture'],
        description:
          'Lumen’s sunrise lamp and sleep tracker, with a 30-night trial. We want shows whose listeners tune in late at night or care about recovery.',
        ads: {
          sponsorship: 'Read the 30-night trial offer and the code NIGHT30.',
          host: 'Share how your evenings wind down; mention the sunrise alarm if you try it.',
        },
      },
      {
        brand: brandIds[2]!,
        title: 'Gravel Season Giveaway',
        budget: 1_200_000,
        duration: 14,
        delivery: 28,
        url: 'https://northwindbikes.example/gravel',
        cats: ['Sports', 'Leisure'],
        description: 'Northwind is giving away three Halden gravel bikes. Listeners enter on our site; we want hosts who ride, run or hike to spread the word.',
        ads: { sponsorship: 'Announce the giveaway and the entry page northwindbikes.example/gravel.' },
      },
    ];
    for (const c of campaignDefs) {
      const [row] = await tx
        .insert(campaigns)
        .values({
          brand_user_id: c.brand,
          title: c.title,
          description: c.description,
          budget: c.budget,
          duration: c.duration,
          delivery_date: daysFromNow(c.delivery),
          url: c.url,
          status: 'active',
          is_approved: true,
          submitted_at: daysAgo(5),
          expired_days: 30,
        })
        .returning({ id: campaigns.id });
      await tx.insert(campaignCategories).values(c.cats.map((t) => ({ campaign_id: row!.id, category_id: categoryId(t) })));
      await tx
        .insert(campaignAds)
        .values(Object.entries(c.ads).map(([type, description]) => ({ campaign_id: row!.id, ad_id: adId(type as 'sponsorship' | 'host'), description })));
    }
    await seedWorkrooms(tx);
    await seedBrands(tx);
    await seedPodcasters(tx);
    await seedAttribution(tx);
    await seedPodcasterMedia(tx);
  });
  // Money goes through the payments domain and its engine, after the rows it pays for are committed.
  await seedPayments();
  // The hosting demo generates its audio with ffmpeg and writes through the hosting domain.
  await seedHostingDemo(passwordHash);
  // A sponsorship verified on air by listening to one of the live hosted show's own episodes.
  await seedDelivery();
  // One automated line on the brand's campaign: the live demo show's episodes carry its spot.
  await seedAdsDemo();
  // Downloads and site visits go through the request log, the counter and the matcher, outside the seed's transaction.
  await seedMeasurement();
  await seedSupport();
  // Every show and brand gets artwork of its own, uploaded through the avatar calls.
  await seedArtwork();
}
