// npm run seed:scale (issue 38): a marketplace's worth of data in the product's own schema, to measure the
// product at the size it is for. Run it on an empty database (it adds the demo data first, through the
// domains, so the demo sign-ins work at scale too), after a build:
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuepoint_scale npm run seed:scale
//   SCALE=0.01 npm run seed:scale            (a hundredth of each size; PGlite when DATABASE_URL is unset)
//
// Sizes at SCALE=1: 100,000 shows (20,000 hosted, 500,000 episodes), 20,000 brands, 10,000 campaigns,
// 200,000 proposals with their jobs and sponsorships, 1,000,000 workroom messages, and 20,000,000 download
// requests over 90 days with their counted downloads. The rows are written set by set with SQL
// (generate_series), varied by a hash of their number; the downloads are counted from the generated log
// by the counter's rules in SQL (one listener and episode per UTC day is one download once a minute of
// audio was asked for), so the rollups are the log's real arithmetic, not independent numbers.
// It prints what it made and the database's size.
import { performance } from 'node:perf_hooks';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.SEED_DEMO = 'true';
const runtime = await import('../dist/server/runtime.mjs');
const { sql } = await import('drizzle-orm');

const scale = Number(process.env.SCALE ?? 1);
if (!(scale > 0 && scale <= 10)) {
  console.error('SCALE must be a number above 0 and at most 10 (1 is the full dataset).');
  process.exit(2);
}
const n = (full, least = 1) => Math.max(least, Math.round(full * scale));
const SIZES = {
  shows: n(100_000, 20),
  hosted: n(20_000, 5),
  episodes: n(500_000, 100),
  brands: n(20_000, 5),
  campaigns: n(10_000, 5),
  proposals: n(200_000, 20),
  messages: n(1_000_000, 100),
  requests: n(20_000_000, 1_000),
  days: 90,
};

const started = performance.now();
const step = async (label, statement) => {
  const t = performance.now();
  const db = await runtime.getDb();
  const result = await db.execute(typeof statement === 'string' ? sql.raw(statement) : statement);
  const rows = Number(result.rowCount ?? result.affectedRows ?? 0);
  console.log(`[seed:scale] ${label}: ${rows.toLocaleString('en-US')} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return result;
};

// A stable pseudo-random integer in [0, m) from a row number and a salt (no random(): runs are repeatable).
const pick = (expr, m, salt) => `(abs(hashtextextended(${expr}::text || '${salt}', 0)) % ${m})`;
const words = (list) => `(array[${list.map((w) => `'${w.replaceAll("'", "''")}'`).join(',')}])`;
const ADJ = words([
  'Curious',
  'Quiet',
  'Bold',
  'Northern',
  'Midnight',
  'Honest',
  'Little',
  'Modern',
  'Wild',
  'Open',
  'Second',
  'Daily',
  'Slow',
  'Bright',
  'Hidden',
  'Good',
]);
const NOUN = words([
  'Kitchen',
  'Frontier',
  'Ledger',
  'Garden',
  'Signal',
  'Workshop',
  'Harbor',
  'Studio',
  'Trail',
  'Archive',
  'Table',
  'Orbit',
  'Library',
  'Field',
  'Bench',
  'Atlas',
]);
const KIND = words(['Podcast', 'Show', 'Hour', 'Conversations', 'Radio', 'Weekly', 'Notes', 'Stories']);
const FIRST = words(['Maya', 'Jonas', 'Priya', 'Tomás', 'Aiko', 'Leila', 'Sam', 'Noor', 'Elena', 'Kwame', 'Ingrid', 'Ravi', 'Chloe', 'Mateo', 'Hana', 'Owen']);
const LAST = words([
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Reyes',
  'Novak',
  'Haddad',
  'Walsh',
  'Kowalski',
  'Singh',
  'Brennan',
  'Ito',
  'Costa',
  'Berg',
  'Adeyemi',
  'Fischer',
]);
const BRAND = words(['Fjord', 'Alder', 'Copper', 'Meadow', 'Harbor', 'Summit', 'Juniper', 'Lantern', 'Granite', 'Willow', 'Tidal', 'Ember']);
const PRODUCT = words(['Oat Milk', 'Coffee Co.', 'Outfitters', 'Sleep', 'Bank', 'Mattress', 'Meal Kits', 'Running', 'Insurance', 'Tea', 'Audio', 'Books']);
const COUNTRY = words(['US', 'US', 'US', 'GB', 'CA', 'AU', 'DE', 'US', 'IE', 'NZ', 'NL', 'SE']);
const APP = words(['Apple Podcasts', 'Spotify', 'Overcast', 'Pocket Casts', 'Castro', 'Podcast Addict', 'AntennaPod', 'Amazon Music']);
const DEVICE = words(['phone', 'phone', 'phone', 'desktop', 'smart_speaker', 'tablet']);
const OS = words(['iOS', 'Android', 'iOS', 'macOS', 'Windows', 'Android']);
const at = (list, expr, m, salt) => `${list}[1 + ${pick(expr, m, salt)}]`;

try {
  await runtime.boot({ seed: true, worker: false });
  const db = await runtime.getDb();
  const { rows: existing } = await db.execute(sql`select count(*)::int as n from users where email like 'scale-%'`);
  if (existing[0].n > 0) {
    console.log('[seed:scale] this database already has the scale dataset; start from an empty database to make it again');
    await runtime.shutdown();
    process.exit(0);
  }
  console.log(
    `[seed:scale] SCALE=${scale}: ${Object.entries(SIZES)
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
      .join(', ')}`,
  );
  // One password for every scale account (they are for measuring, and sign in like any other).
  const hash = (await runtime.hashPassword('cuepoint-scale')).replaceAll("'", "''");
  const nowExpr = process.env.TEST_CLOCK ? `timestamptz '${new Date(process.env.TEST_CLOCK).toISOString()}'` : 'now()';

  await step(
    'podcaster accounts',
    `insert into users (encrypted_id, email, first_name, last_name, type, password_hash, email_verified_at, country, created_at)
     select 'scale-p-' || g, 'scale-podcaster-' || g || '@example.net', ${at(FIRST, 'g', 16, 'f')}, ${at(LAST, 'g', 16, 'l')}, 'PODCASTER',
            '${hash}', ${nowExpr}, ${at(COUNTRY, 'g', 12, 'c')}, ${nowExpr} - (${pick('g', 900, 'age')} || ' days')::interval
     from generate_series(1, ${SIZES.shows}) g`,
  );
  await step('podcasters', `insert into podcasters (user_id, is_completed) select id, true from users where email like 'scale-podcaster-%'`);
  await step(
    'shows',
    `insert into podcasts (hash_id, user_id, url, title, about, country, category_id, is_onboarded, avg_listens, rating_avg, has_active_analytics, verified_at, time_zone, created_at)
     select 'sc' || u.id, u.id, 'https://feeds.example.net/' || u.id || '.xml',
            ${at(ADJ, 'u.id', 16, 'a')} || ' ' || ${at(NOUN, 'u.id', 16, 'n')} || ' ' || ${at(KIND, 'u.id', 8, 'k')} || case when ${pick('u.id', 3, 's')} = 0 then '' else ' ' || (u.id % 997) end,
            'Conversations about ' || lower(${at(NOUN, 'u.id', 16, 'n2')}) || 's, ' || lower(${at(NOUN, 'u.id', 16, 'n3')}) || 's and the people behind them.',
            u.country, (select id from categories order by id offset ${pick('u.id', 19, 'cat')} limit 1), true,
            50 + ${pick('u.id', 20000, 'listens')}, round((3 + ${pick('u.id', 200, 'r')} / 100.0)::numeric, 1), ${pick('u.id', 5, 'm')} = 0,
            u.created_at, 'UTC', u.created_at
     from users u where u.email like 'scale-podcaster-%'`,
  );
  await step(
    'hosted shows',
    `insert into hosted_podcasts (podcast_id, type, migration_status, migration_percent, is_completed, url, original_url)
     select id, 'other', 'completed', 100, true, url, url from podcasts where hash_id like 'sc%' order by id limit ${SIZES.hosted}`,
  );
  await step(
    'episodes',
    `with shows as (select id, row_number() over (order by id) as k from podcasts where hash_id like 'sc%'),
          hosted as (select p.id, row_number() over (order by p.id) as k from podcasts p join hosted_podcasts h on h.podcast_id = p.id where p.hash_id like 'sc%')
     insert into episodes (hash_id, podcast_id, guid, title, description, published_at, duration, episode_number, enclosure_url, enclosure_type, enclosure_length, status)
     select 'se' || g, coalesce(h.id, s.id), 'scale-' || g, 'Episode ' || g || ': ' || ${at(ADJ, 'g', 16, 'ea')} || ' ' || lower(${at(NOUN, 'g', 16, 'en')}) || 's',
            'Show notes for episode ' || g || '.', ${nowExpr} - ((g % 2000) || ' hours')::interval, 900 + ${pick('g', 3600, 'd')}, g,
            'https://media.example.net/' || g || '.mp3', 'audio/mpeg', 20000000 + ${pick('g', 40000000, 'b')}, 'current'
     from generate_series(1, ${SIZES.episodes}) g
     left join hosted h on g % 5 <> 0 and h.k = 1 + (g % ${SIZES.hosted})
     left join shows s on s.k = 1 + (g % ${SIZES.shows})`,
  );
  await step(
    'brand accounts',
    `insert into users (encrypted_id, email, first_name, last_name, type, password_hash, email_verified_at, country, created_at)
     select 'scale-b-' || g, 'scale-brand-' || g || '@example.net', ${at(FIRST, 'g', 16, 'bf')}, ${at(LAST, 'g', 16, 'bl')}, 'BRAND',
            '${hash}', ${nowExpr}, ${at(COUNTRY, 'g', 12, 'bc')}, ${nowExpr} - (${pick('g', 900, 'bage')} || ' days')::interval
     from generate_series(1, ${SIZES.brands}) g`,
  );
  await step(
    'brands',
    `insert into brands (user_id, name, country, url)
     select id, ${at(BRAND, 'id', 12, 'bn')} || ' ' || ${at(PRODUCT, 'id', 12, 'bp')} || case when id % 3 = 0 then '' else ' ' || (id % 89) end, country, 'https://brand' || id || '.example.net'
     from users where email like 'scale-brand-%'`,
  );
  await step(
    'campaigns',
    `with b as (select id, row_number() over (order by id) as k from users where email like 'scale-brand-%')
     insert into campaigns (brand_user_id, title, description, budget, duration, delivery_date, status, is_approved, submitted_at, created_at)
     select b.id, ${at(BRAND, 'g', 12, 'cb')} || ' ' || ${at(words(['spring launch', 'holiday push', 'brand awareness', 'new flavour', 'app sign-ups', 'back to school']), 'g', 6, 'ct')},
            'Host-read spots for listeners who care about quality.', (500 + ${pick('g', 20000, 'bud')}) * 100, 30,
            (${nowExpr} + ((${pick('g', 120, 'dd')} - 30) || ' days')::interval)::date,
            (array['active','active','active','paused','expired','closed'])[1 + ${pick('g', 6, 'cs')}]::campaign_status, true,
            ${nowExpr} - (${pick('g', 300, 'cage')} || ' days')::interval, ${nowExpr} - (${pick('g', 300, 'cage')} || ' days')::interval
     from generate_series(1, ${SIZES.campaigns}) g join b on b.k = 1 + (g % ${SIZES.brands})`,
  );
  await step(
    'proposals',
    `with c as (select id, row_number() over (order by id) as k from campaigns c where exists (select 1 from users u where u.id = c.brand_user_id and u.email like 'scale-brand-%')),
          s as (select id, user_id, row_number() over (order by id) as k from podcasts where hash_id like 'sc%')
     insert into packages (description, status, total_price, podcast_id, podcaster_user_id, campaign_id, created_at)
     select 'Two host-read mid-rolls with a personal story.', (array['pending','pending','hired','declined','withdrawn'])[1 + ${pick('g', 5, 'ps')}]::package_status,
            (150 + ${pick('g', 3000, 'pp')}) * 100, s.id, s.user_id, c.id, ${nowExpr} - (${pick('g', 200, 'page')} || ' days')::interval
     from generate_series(1, ${SIZES.proposals}) g
     -- Each campaign gets every Cth proposal, from distinct shows (one proposal per show and campaign).
     join c on c.k = 1 + (g % ${SIZES.campaigns})
     join s on s.k = 1 + (((g % ${SIZES.campaigns}) * 37 + (g / ${SIZES.campaigns}) * 4999) % ${SIZES.shows})`,
  );
  await step(
    'sponsorships',
    `insert into opportunities (podcast_id, campaign_id, package_id, status, created_at)
     select podcast_id, campaign_id, id, case status when 'hired' then 'hired' when 'pending' then 'proposed' when 'declined' then 'declined' else 'cancelled' end::opportunity_status, created_at
     from packages where description = 'Two host-read mid-rolls with a personal story.'`,
  );
  await step(
    'jobs',
    `insert into package_jobs (package_id, fee, status, is_funded, delivery_date, created_at)
     select id, total_price, case status when 'hired' then (array['in-progress','in-review','completed'])[1 + ${pick('id', 3, 'js')}] else 'pending' end::job_status,
            status = 'hired', (created_at + interval '21 days')::date, created_at
     from packages where description = 'Two host-read mid-rolls with a personal story.'`,
  );
  await step(
    'workrooms',
    `insert into discussions (type, podcast_id, package_id, campaign_id, created_at)
     select 'package', podcast_id, id, campaign_id, created_at from packages where description = 'Two host-read mid-rolls with a personal story.'`,
  );
  await step(
    'workroom members',
    `insert into discussion_users (discussion_id, user_id)
     select d.id, u from discussions d join packages p on p.id = d.package_id join campaigns c on c.id = p.campaign_id,
       lateral (values (p.podcaster_user_id), (c.brand_user_id)) m(u)
     where p.description = 'Two host-read mid-rolls with a personal story.'`,
  );
  await step(
    'messages',
    `with d as (select d.id, p.podcaster_user_id, c.brand_user_id, d.created_at, row_number() over (order by d.id) as k
                from discussions d join packages p on p.id = d.package_id join campaigns c on c.id = p.campaign_id
                where p.description = 'Two host-read mid-rolls with a personal story.')
     insert into messages (content, discussion_id, user_id, created_at)
     select ${at(words(['Thanks, that works for us.', 'Could we move the read to the second break?', 'Here is the script for the spot.', 'Sounds great — booking it now.', 'The episode goes live on Tuesday.', 'Loved the last read, same again?']), 'g', 6, 'mt')},
            d.id, case when g % 2 = 0 then d.podcaster_user_id else d.brand_user_id end, d.created_at + (g % 500 || ' minutes')::interval
     from generate_series(1, ${SIZES.messages}) g join d on d.k = 1 + (g % ${SIZES.proposals})`,
  );
  await step(
    'last messages',
    `update discussions d set last_message_id = m.id from (select discussion_id, max(id) as id from messages group by discussion_id) m where m.discussion_id = d.id and d.last_message_id is null`,
  );
  // Each member's latest activity, by the workrooms' rule (membership.ts touchActivity): newest message, else the opening.
  await step(
    'workroom activity',
    `update discussion_users du set last_activity_at = coalesce(m.at, d.created_at)
     from discussions d left join (select discussion_id, max(created_at) as at from messages group by discussion_id) m on m.discussion_id = d.id
     where d.id = du.discussion_id`,
  );

  // The request log: its day partitions first (the product's own job, 90 days back to a week ahead).
  const clock = process.env.TEST_CLOCK ? new Date(process.env.TEST_CLOCK) : new Date();
  for (let back = SIZES.days; back >= 0; back -= 7) await runtime.maintainLogPartitions(new Date(clock.getTime() - back * 86_400_000));
  await step(
    'scale episodes of hosted shows',
    `create temporary table scale_hosted_episodes as
       select e.id as episode_id, e.podcast_id, p.hash_id, row_number() over (order by e.id) as k
       from episodes e join podcasts p on p.id = e.podcast_id join hosted_podcasts h on h.podcast_id = p.id where e.hash_id like 'se%'`,
  );
  const { rows: hostedEpisodes } = await db.execute(sql`select count(*)::int as n from scale_hosted_episodes`);
  const he = hostedEpisodes[0].n;
  // Requests come in downloads of 1 to 3 ranged requests (request g belongs to download g / 2, so most
  // have two); a listener comes back for other episodes (a tenth as many listeners as requests).
  const listeners = Math.max(10, Math.round(SIZES.requests / 10));
  const BATCH = 1_000_000;
  for (let from = 1; from <= SIZES.requests; from += BATCH) {
    const to = Math.min(SIZES.requests, from + BATCH - 1);
    await step(
      `download requests ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')}`,
      `insert into media_requests (occurred_at, source, podcast_id, audio_key, method, status, range, bytes, total_bytes, listener_hash, listener_prev_hash, household_hash, user_agent, country)
       select ${nowExpr} - (${pick('d', SIZES.days * 86_400, 'sec')} || ' seconds')::interval + (g % 2 || ' seconds')::interval, 'hosted', e.podcast_id,
              '/media/' || e.hash_id || '/' || e.episode_id || '.mp3', 'GET', 206, 'bytes=' || (g % 2) * 1000000 || '-', 300000 + ${pick('g', 15000000, 'by')}, 40000000,
              md5('l' || ${pick('d', listeners, 'li')}), md5('p' || ${pick('d', listeners, 'li')}), md5('h' || ${pick('d', listeners, 'li')} / 2),
              ${at(APP, `${pick('d', listeners, 'li')}`, 8, 'ua')}, ${at(COUNTRY, `${pick('d', listeners, 'li')}`, 12, 'co')}
       from generate_series(${from}, ${to}) g cross join lateral (select g / 2 as d) dl join scale_hosted_episodes e on e.k = 1 + ${pick('d', he, 'ep')}`,
    );
  }
  // Counted by the counter's rules: one listener and episode in a UTC day is one download once the bytes
  // asked for cover a minute of audio (threshold: a minute at 128 kb/s).
  await step(
    'counted downloads (windows)',
    `insert into download_windows (podcast_id, episode_id, target, listener_hash, household_hash, started_at, bytes, threshold, counted_at, day, source, app, device, os, country)
     select r.podcast_id, split_part(split_part(r.audio_key, '/', 4), '.', 1)::int, 'e:' || split_part(split_part(r.audio_key, '/', 4), '.', 1),
            r.listener_hash, min(r.household_hash), min(r.occurred_at), sum(r.bytes), 960000, min(r.occurred_at), (min(r.occurred_at) at time zone 'UTC')::date, 'hosted',
            min(r.user_agent), ${at(DEVICE, 'min(r.listener_hash)', 6, 'dv')}, ${at(OS, 'min(r.listener_hash)', 6, 'os')}, min(r.country)
     from media_requests r where r.audio_key like '/media/sc%'
     group by r.podcast_id, r.audio_key, r.listener_hash, (r.occurred_at at time zone 'UTC')::date
     having sum(r.bytes) >= 960000`,
  );
  await step(
    'downloads by day',
    `insert into download_days (podcast_id, episode_id, day, app, device, os, country, downloads)
     select podcast_id, episode_id, day, app, device, os, country, count(*) from download_windows where target like 'e:%' and counted_at is not null
       and podcast_id in (select podcast_id from scale_hosted_episodes)
     group by 1, 2, 3, 4, 5, 6, 7
     on conflict do nothing`,
  );
  await step(
    'listeners by day',
    `insert into listener_days (podcast_id, day, listeners)
     select podcast_id, day, count(distinct listener_hash) from download_windows where counted_at is not null and podcast_id in (select podcast_id from scale_hosted_episodes)
     group by 1, 2 on conflict do nothing`,
  );
  // The counter reads forward from its cursor: the generated log is already counted.
  await step(
    'counter cursor',
    sql`insert into analytics_state (name, cursor, updated_at) values ('counter', (select coalesce(max(id), 0) from media_requests), now())
        on conflict (name) do update set cursor = excluded.cursor, updated_at = now()`,
  );
  // As autovacuum leaves a live database: statistics for the planner, and the visibility map that lets a count read
  // an index alone (a freshly loaded table's rows are not yet all-visible, so index-only scans would visit the heap).
  await step('statistics and visibility', 'vacuum (analyze)');

  const { rows: counts } = await db.execute(sql`select
      (select count(*) from podcasts)::bigint as shows, (select count(*) from hosted_podcasts)::bigint as hosted, (select count(*) from episodes)::bigint as episodes,
      (select count(*) from brands)::bigint as brands, (select count(*) from campaigns)::bigint as campaigns, (select count(*) from packages)::bigint as proposals,
      (select count(*) from messages)::bigint as messages, (select count(*) from media_requests)::bigint as requests,
      (select count(*) from download_windows where counted_at is not null)::bigint as downloads`);
  console.log('[seed:scale] made:');
  for (const [k, v] of Object.entries(counts[0])) console.log(`  ${k.padEnd(10)} ${Number(v).toLocaleString('en-US')}`);
  const { rows: size } = await db.execute(sql`select pg_size_pretty(pg_database_size(current_database())) as size`);
  console.log(`[seed:scale] database size ${size[0].size}; ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
  await runtime.shutdown();
} catch (error) {
  console.error('[seed:scale] failed:', error);
  process.exit(1);
}
