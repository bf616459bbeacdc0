/**
 * Which stat charts a user shows on /campaign/{id}/stats, remembered in this browser per user
 * (localStorage `stat-charts:{user id}:{chart}`). Every chart is shown until its user hides it.
 */
import { persistentMap } from '@nanostores/persistent';
import type { MapStore } from 'nanostores';
import type { StatChartKey } from '../analytics-types';

export type ChartVisibility = Partial<Record<StatChartKey, 'shown' | 'hidden'>>;

const stores = new Map<number, MapStore<ChartVisibility>>();

/** The visibility store of a user's charts. */
export function $chartVisibility(userId: number): MapStore<ChartVisibility> {
  let store = stores.get(userId);
  if (!store) {
    store = persistentMap<ChartVisibility>(`stat-charts:${userId}:`, {});
    stores.set(userId, store);
  }
  return store;
}

/** Shows or hides one chart for the user. */
export function setChartShown(userId: number, key: StatChartKey, shown: boolean): void {
  $chartVisibility(userId).setKey(key, shown ? 'shown' : 'hidden');
}

/** True unless the user hid the chart. */
export const isChartShown = (visibility: ChartVisibility, key: StatChartKey) => visibility[key] !== 'hidden';
