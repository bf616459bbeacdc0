/**
 * The eight charts of /campaign/{id}/stats (marketplace-core §9), each shown or hidden by a checkbox named
 * after it; the choice is remembered per user in this browser. The numbers come computed from the server.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { type CampaignChartsData, countryName, type NamedCount, STAT_CHARTS, type StatChartKey } from '../../lib/analytics-types';
import { $chartVisibility, isChartShown, setChartShown } from '../../lib/stores/chart-visibility';
import { countOf } from '../../lib/format/text';
import type { ChartSpec } from './chart-spec';
import StatChart, { type ChartTable } from './StatChart';
import './stats.css';
import { shortDay } from '../../lib/format/job-name';

interface Props {
  userId: number;
  data: CampaignChartsData;
  /** The campaign's attribution site, or null (what the visitor charts say when empty). */
  siteDomain: string | null;
}

interface Drawn {
  spec: ChartSpec;
  table: ChartTable;
  empty: string;
  isEmpty: boolean;
  summary: string;
  note?: string;
  wide?: boolean;
}

const total = (ns: number[]) => ns.reduce((s, n) => s + n, 0);
const fmt = (n: number) => n.toLocaleString('en-US');

/** The first nine names and the rest as "Other", so a bar chart stays legible. */
function top(items: NamedCount[], name: (n: string) => string = (n) => n): NamedCount[] {
  const named = items.map((i) => ({ ...i, name: name(i.name) }));
  if (named.length <= 10) return named;
  return [...named.slice(0, 9), { name: 'Other', downloads: total(named.slice(9).map((i) => i.downloads)) }];
}

function breakdown(items: NamedCount[], label: string, what: string, empty: string, type: 'bar' | 'doughnut' = 'bar'): Drawn {
  const shown = top(items);
  return {
    spec: { type, horizontal: type === 'bar', labels: shown.map((i) => i.name), datasets: [{ label, data: shown.map((i) => i.downloads) }] },
    table: { columns: [what, label], rows: items.map((i) => [i.name, i.downloads]), total: ['Total', total(items.map((i) => i.downloads))] },
    empty,
    isEmpty: items.length === 0,
    summary: `${fmt(total(items.map((i) => i.downloads)))} ${label.toLowerCase()} across ${countOf(items.length, what.toLowerCase())}`,
  };
}

function series(days: string[], values: number[], label: string, type: 'line' | 'bar', empty: string): Drawn {
  return {
    spec: { type, labels: days.map(shortDay), datasets: [{ label, data: values }] },
    table: { columns: ['Day', label], rows: days.map((d, i) => [shortDay(d), values[i]!]).filter((r) => r[1] !== 0), total: ['Total', total(values)] },
    empty,
    isEmpty: total(values) === 0,
    summary: `${fmt(total(values))} ${label.toLowerCase()} from ${shortDay(days[0]!)} to ${shortDay(days.at(-1)!)}`,
  };
}

/** Every chart's drawing, by key. */
function drawings(data: CampaignChartsData, siteDomain: string | null): Record<StatChartKey, Drawn> {
  const noListens = 'No listens yet. Listens are the downloads of each episode carrying one of this campaign’s ads, counted from the day it aired.';
  const visitorsEmpty = siteDomain
    ? `No visitors attributed yet. A visit to ${siteDomain} counts here when its household downloaded an episode with this campaign’s ad in the 30 days before.`
    : 'No attribution site: pick one on the campaign’s attribution tab to see the visitors its ads bring.';
  const combinedLabels = data.days.map(shortDay);
  const creatorsSelf = data.creators.some((c) => c.self_reported > 0);
  const before = data.listens_before
    ? { note: `${fmt(data.listens_before)} measured listens before ${shortDay(data.days[0]!)} are not drawn here; the Listens figure above counts them.` }
    : {};
  return {
    listens: { ...series(data.days, data.listens, 'Measured listens', 'line', noListens), ...before, wide: true },
    distributors: breakdown(data.distributors, 'Measured listens', 'App', 'No listens yet to tell which apps they were heard on.'),
    countries: breakdown(
      data.countries.map((c) => ({ ...c, name: countryName(c.name) })),
      'Measured listens',
      'Country',
      'No listens yet to tell where listeners are.',
    ),
    devices: breakdown(data.devices, 'Measured listens', 'Device', 'No listens yet to tell which devices they were heard on.', 'doughnut'),
    'ad-releases': series(
      data.days,
      data.releases,
      'Ads aired',
      'bar',
      'None of this campaign’s ads has aired yet. Each one shows here on the day its episode came out.',
    ),
    'unique-visitors': series(data.days, data.visitors, 'Unique visitors', 'line', visitorsEmpty),
    'releases-visitors': {
      spec: {
        type: 'bar',
        labels: combinedLabels,
        axes: ['Ads aired', 'Unique visitors'],
        datasets: [
          { label: 'Ads aired', data: data.releases, type: 'bar' },
          { label: 'Unique visitors', data: data.visitors, type: 'line', axis: 'y1', color: '#0d9488' },
        ],
      },
      table: {
        columns: ['Day', 'Ads aired', 'Unique visitors'],
        rows: data.days.map((d, i) => [shortDay(d), data.releases[i]!, data.visitors[i]!]).filter((r) => r[1] !== 0 || r[2] !== 0),
        total: ['Total', total(data.releases), total(data.visitors)],
      },
      empty: 'Nothing aired or attributed yet: ad releases and the visitors that follow them show here together.',
      isEmpty: total(data.releases) + total(data.visitors) === 0,
      summary: `${fmt(total(data.releases))} ads aired and ${fmt(total(data.visitors))} unique visitors from ${shortDay(data.days[0]!)} to ${shortDay(data.days.at(-1)!)}`,
    },
    creators: {
      spec: {
        type: 'bar',
        horizontal: true,
        stacked: true,
        labels: data.creators.map((c) => c.name),
        datasets: [
          { label: 'Measured listens', data: data.creators.map((c) => c.measured) },
          ...(creatorsSelf ? [{ label: 'Self-reported listens', data: data.creators.map((c) => c.self_reported), color: '#a5b4fc' }] : []),
        ],
      },
      table: {
        columns: ['Podcast', 'Measured', 'Self-reported'],
        rows: data.creators.map((c) => [c.name, c.measured, c.self_reported]),
        total: ['Total', total(data.creators.map((c) => c.measured)), total(data.creators.map((c) => c.self_reported))],
      },
      empty: 'No ads aired yet: each podcast’s listens show here once its ad is out.',
      isEmpty: data.creators.length === 0,
      summary: `${fmt(total(data.creators.map((c) => c.measured)))} measured${creatorsSelf ? ` and ${fmt(total(data.creators.map((c) => c.self_reported)))} self-reported` : ''} listens across ${countOf(data.creators.length, 'podcast')}`,
      ...(creatorsSelf ? { note: 'Self-reported: the admin-approved listener numbers of a show without analytics.' } : {}),
      wide: true,
    },
  };
}

export default function CampaignCharts({ userId, data, siteDomain }: Props) {
  const stored = useStore($chartVisibility(userId));
  // The server shows every chart; the user's choices apply once in the browser (no hydration mismatch).
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const visibility = inBrowser ? stored : {};
  const drawn = drawings(data, siteDomain);
  const shown = STAT_CHARTS.filter((c) => isChartShown(visibility, c.key));
  return (
    <section className="st-charts" aria-labelledby="st-charts-title">
      <div className="st-charts__head">
        <h2 id="st-charts-title" className="st-charts__title">
          Charts
        </h2>
        <fieldset className="st-toggles">
          <legend>Charts shown</legend>
          {STAT_CHARTS.map((c) => (
            <label key={c.key} className="st-toggle">
              <input type="checkbox" checked={isChartShown(visibility, c.key)} onChange={(e) => setChartShown(userId, c.key, e.target.checked)} />
              <span>{c.name}</span>
            </label>
          ))}
        </fieldset>
      </div>
      {shown.length === 0 ? (
        <p className="st-charts__none">Every chart is hidden. Tick a chart above to show it again.</p>
      ) : (
        <div className="st-grid">
          {shown.map((c) => (
            <StatChart key={c.key} title={c.name} {...drawn[c.key]} />
          ))}
        </div>
      )}
    </section>
  );
}
