/** The shows of the demo host: what their old feeds say (titles, notes, dates, lengths of the generated audio). */
export interface DemoEpisode {
  guid: string;
  title: string;
  notes: string;
  /** Days before the seed (negative: days after, a scheduled episode). */
  daysAgo: number;
  seconds: number;
  season?: number;
  episode?: number;
  /** The chord of the generated audio (root frequency in Hz). */
  root: number;
}

export interface DemoShow {
  slug: string;
  title: string;
  description: string;
  author: string;
  ownerEmail: string;
  link: string;
  category: { category: string; subcategory: string | null };
  /** Artwork gradient: red, green and blue at the top left. */
  art: [number, number, number];
  episodes: DemoEpisode[];
}

export const NIGHT_SHIFT: DemoShow = {
  slug: 'night-shift-stories',
  title: 'Night Shift Stories',
  description:
    'Short fiction for the hours after midnight: nurses, truckers, bakers and security guards tell the strangest thing that happened on their shift, retold as audio drama.',
  author: 'Priya Natarajan',
  ownerEmail: 'priya@nightshiftstories.example',
  link: 'https://nightshiftstories.example',
  category: { category: 'Fiction', subcategory: 'Drama' },
  art: [36, 30, 88],
  episodes: [
    {
      guid: 'b3a1c2f0-6d2e-4a57-9b8e-2f1d7c4e9a31',
      title: 'The Lighthouse Keeper’s Radio',
      notes: 'A keeper on a decommissioned light hears a ship calling on a frequency nobody uses anymore.',
      daysAgo: 6,
      seconds: 34,
      season: 2,
      episode: 3,
      root: 196,
    },
    {
      guid: 'libsyn-418032-ep-0017',
      title: 'Bread Before Dawn',
      notes: 'A baker and the one customer who always arrives at 4:10 a.m.',
      daysAgo: 20,
      seconds: 30,
      season: 2,
      episode: 2,
      root: 220,
    },
    {
      guid: 'libsyn-418032-ep-0016',
      title: 'Ward Four, Room Twelve',
      notes: 'A night nurse and a patient who insists it is 1974.',
      daysAgo: 34,
      seconds: 28,
      season: 2,
      episode: 1,
      root: 174.61,
    },
    {
      guid: 'https://nightshiftstories.example/?p=212',
      title: 'Mile Marker 212',
      notes: 'A long-haul driver picks up a hitchhiker who knows the road too well.',
      daysAgo: 48,
      seconds: 32,
      season: 1,
      episode: 12,
      root: 246.94,
    },
  ],
};

const SALTMARSH_TITLES: Array<[string, string]> = [
  ['The Tide Clock', 'Why the marsh keeps two clocks, the sun’s and the moon’s, and how the cordgrass reads both.'],
  ['Oystercatchers at Low Water', 'A morning with the loudest birds on the mudflat and the volunteers who count them.'],
  ['What the Eelgrass Remembers', 'Seagrass meadows store carbon for centuries. A diver shows us one coming back.'],
  ['The Last Salt Pan', 'The family that still makes sea salt by hand, and the weather that decides every batch.'],
  ['Fog Signals', 'Before GPS, the coast spoke in horns and bells. We record the last working fog signal on the estuary.'],
  ['Night Walk on the Mudflat', 'Lugworms, ragworms and the glow of the tideline after dark.'],
  ['Rising Water, Moving Marsh', 'Marshes can climb as the sea rises, if there is room behind them. A managed retreat, ten years on.'],
  ['The Ferryman’s Logbook', 'Forty years of crossings, written down every single day.'],
  ['Samphire Season', 'A forager, a chef and a botanist argue about the best salty green on the coast.'],
  ['Counting Seals from a Kayak', 'How a citizen survey became the best data the harbour has.'],
  ['Storm Surge', 'The night the sea came over the wall, told by the people who were there.'],
  ['Listening to the Estuary', 'An hour of the marsh itself: wind, water, curlews. Headphones on.'],
];

export const SALTMARSH: DemoShow = {
  slug: 'saltmarsh-radio',
  title: 'Saltmarsh Radio',
  description: 'Stories from the edge of the sea: the people, birds and weather of one tidal estuary, recorded on location every week by Ada Okonjo.',
  author: 'Ada Okonjo',
  ownerEmail: 'ada@saltmarshradio.example',
  link: 'https://saltmarshradio.example',
  category: { category: 'Science', subcategory: 'Nature' },
  art: [14, 72, 86],
  episodes: SALTMARSH_TITLES.map(([title, notes], i) => ({
    guid: `saltmarsh-radio-${String(12 - i).padStart(3, '0')}`,
    title,
    notes,
    daysAgo: 7 * i + 2,
    seconds: 24 + ((i * 7) % 18),
    season: 1,
    episode: 12 - i,
    root: [196, 220, 246.94, 261.63, 293.66, 329.63][i % 6]!,
  })),
};

/** Episodes the live show adds on Cuepoint itself: one scheduled for next week, one draft. */
export const SALTMARSH_NEW: DemoEpisode[] = [
  {
    guid: '',
    title: 'Spring Tides',
    notes: 'The biggest tides of the year, and what they carry in.',
    daysAgo: -6,
    seconds: 26,
    season: 1,
    episode: 13,
    root: 207.65,
  },
  {
    guid: '',
    title: 'Working title: The Boatyard',
    notes: 'A draft: the last wooden boatbuilder on the river.',
    daysAgo: 0,
    seconds: 22,
    season: 1,
    episode: 14,
    root: 185,
  },
];

export const DEMO_SHOWS = [NIGHT_SHIFT, SALTMARSH];
