/** What a stat chart draws (shared by StatChart and the lazily loaded ChartCanvas). */
export interface ChartSeries {
  label: string;
  data: number[];
  /** A line drawn over bars (mixed charts). */
  type?: 'line' | 'bar';
  /** 'y1' puts the series on the right-hand axis. */
  axis?: 'y' | 'y1';
  color?: string;
}

export interface ChartSpec {
  type: 'line' | 'bar' | 'doughnut';
  labels: string[];
  datasets: ChartSeries[];
  /** Bars drawn sideways (long category names). */
  horizontal?: boolean;
  /** Titles of the left and right axes of a two-axis chart. */
  axes?: [string, string];
  /** Series stacked on one another (a bar holds the one series it belongs to). */
  stacked?: boolean;
}
