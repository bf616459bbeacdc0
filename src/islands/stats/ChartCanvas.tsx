/**
 * The canvas of a stat chart: Chart.js through react-chartjs-2, registered with only the controllers the
 * charts use. This module is loaded lazily by StatChart, so Chart.js is fetched by pages that draw a chart
 * and by no other page.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartData,
  type ChartOptions,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import type { ChartSpec } from './chart-spec';

ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

const INK = '#4b5563';
const GRID = '#eef0f4';

export default function ChartCanvas({ spec, label }: { spec: ChartSpec; label: string }) {
  const round = spec.type === 'doughnut';
  const data: ChartData = {
    labels: spec.labels,
    datasets: spec.datasets.map((d, i) => {
      const color = d.color ?? PALETTE[i % PALETTE.length]!;
      const line = (d.type ?? spec.type) === 'line';
      return {
        type: d.type ?? spec.type,
        label: d.label,
        data: d.data,
        ...(round ? {} : { yAxisID: d.axis ?? 'y' }),
        backgroundColor: round ? spec.labels.map((_, j) => PALETTE[j % PALETTE.length]) : line ? `${color}22` : color,
        borderColor: round ? '#fff' : color,
        borderWidth: round || line ? 2 : 0,
        borderRadius: line ? 0 : 4,
        pointRadius: spec.labels.length > 45 ? 0 : 2,
        fill: line && spec.type === 'line' && i === 0,
        tension: 0.25,
        order: line ? 0 : 1,
      };
    }) as ChartData['datasets'],
  };
  const axis = { ticks: { color: INK, precision: 0 }, grid: { color: GRID }, beginAtZero: true, stacked: !!spec.stacked };
  // Long names (podcasts, apps) are cut on the category axis; the tooltip and the table keep them whole.
  const categoryTicks = {
    color: INK,
    callback(this: { chart: { width: number }; getLabelForValue(v: number): string }, value: string | number) {
      const label = this.getLabelForValue(Number(value));
      const max = this.chart.width > 560 ? 36 : 18;
      return label.length > max ? `${label.slice(0, max - 1)}…` : label;
    },
  };
  const options: ChartOptions = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    indexAxis: spec.horizontal ? 'y' : 'x',
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: true, position: round ? 'right' : 'bottom', labels: { color: INK, boxWidth: 12, usePointStyle: true } },
      tooltip: { enabled: true },
    },
    scales: round
      ? {}
      : {
          x: spec.horizontal
            ? { ...axis, grid: { color: GRID } }
            : { ...axis, grid: { display: false }, ticks: { color: INK, maxRotation: 0, autoSkipPadding: 12 } },
          y: spec.horizontal
            ? { ...axis, grid: { display: false }, ticks: categoryTicks }
            : { ...axis, title: spec.axes ? { display: true, text: spec.axes[0], color: INK } : { display: false } },
          ...(spec.axes
            ? { y1: { ...axis, position: 'right' as const, grid: { display: false }, title: { display: true, text: spec.axes[1], color: INK } } }
            : {}),
        },
  };
  return <Chart type={spec.type} data={data} options={options} aria-label={label} role="img" />;
}

/** The series colours (brand indigo first), distinguishable from each other. */
export const PALETTE = ['#4338ca', '#0d9488', '#d97706', '#db2777', '#0284c7', '#7c3aed', '#65a30d', '#64748b', '#dc2626', '#0891b2'];
