/**
 * A show's downloads over a date range (/hosting/reports and the Analytics section of manage-podcasts):
 * downloads and listeners per day, and by app, device, country and operating system, each a chart with
 * its numbers as a table; the episodes as a table. The range is chosen on the page (a plain GET form).
 */
import { countryName, type DownloadsReport, type NamedCount } from '../../lib/analytics-types';
import { countOf } from '../../lib/format/text';
import StatChart from './StatChart';
import './stats.css';
import { shortDay } from '../../lib/format/job-name';

const fmt = (n: number) => n.toLocaleString('en-US');

function breakdown(title: string, what: string, items: NamedCount[], type: 'bar' | 'doughnut' = 'bar') {
  const sum = items.reduce((s, i) => s + i.downloads, 0);
  const shown = items.length > 10 ? [...items.slice(0, 9), { name: 'Other', downloads: items.slice(9).reduce((s, i) => s + i.downloads, 0) }] : items;
  return (
    <StatChart
      title={title}
      spec={{ type, horizontal: type === 'bar', labels: shown.map((i) => i.name), datasets: [{ label: 'Downloads', data: shown.map((i) => i.downloads) }] }}
      table={{ columns: [what, 'Downloads'], rows: items.map((i) => [i.name, i.downloads]) }}
      empty="No downloads in these days."
      isEmpty={items.length === 0}
      summary={`${fmt(sum)} downloads across ${countOf(items.length, what.toLowerCase())}`}
    />
  );
}

export default function DownloadsCharts({ report }: { report: DownloadsReport }) {
  const days = report.by_day;
  if (report.total === 0) {
    return (
      <p className="st-chart__empty" data-testid="chart-empty">
        No downloads in these days. Downloads show here within a minute of being counted: podcast apps fetching at least a minute of an episode through your
        feed.
      </p>
    );
  }
  return (
    <div className="st-grid">
      <StatChart
        wide
        title="Downloads over time"
        spec={{
          type: 'line',
          labels: days.map((d) => shortDay(d.date)),
          datasets: [
            { label: 'Downloads', data: days.map((d) => d.downloads) },
            { label: 'Listeners', data: days.map((d) => d.listeners), color: '#0d9488' },
          ],
        }}
        table={{
          columns: ['Day', 'Downloads', 'Listeners'],
          rows: days.filter((d) => d.downloads > 0).map((d) => [shortDay(d.date), d.downloads, d.listeners]),
        }}
        empty="No downloads in these days."
        isEmpty={report.total === 0}
        summary={`${fmt(report.total)} downloads from ${shortDay(report.from)} to ${shortDay(report.to)}`}
      />
      {breakdown('Apps', 'App', report.by_app)}
      {breakdown('Devices', 'Device', report.by_device, 'doughnut')}
      {breakdown(
        'Countries',
        'Country',
        report.by_country.map((c) => ({ ...c, name: countryName(c.name) })),
      )}
      {breakdown('Operating systems', 'Operating system', report.by_os)}
    </div>
  );
}
