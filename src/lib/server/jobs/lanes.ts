/**
 * Lanes: every job kind belongs to one, and a lane says how many of its jobs one process runs at once,
 * how often a failed job is retried (with exponential backoff), how long it may run and how often it
 * must prove it is alive. Each job kind is its own pg-boss queue with its own workers, so a lane never
 * waits behind another: mail and notifications go out while an import is copying a thousand episodes.
 */
export type LaneName = 'mail' | 'notifications' | 'imports' | 'media' | 'scheduled' | 'default';

export interface Lane {
  /** Jobs of one kind run at once in one process. */
  concurrency: number;
  /** Attempts after the first (a job's own maxAttempts overrides it). */
  retryLimit: number;
  /** The first wait before a retry, in seconds; it doubles with each attempt (with jitter), up to retryDelayMax. */
  retryDelay: number;
  retryDelayMax: number;
  /** A running job renews its lease this often (every half of it); one silent for longer is retried. Null: no heartbeat. */
  heartbeatSeconds: number | null;
  /** The longest a job may run before it is failed (and retried). */
  expireInSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const LANES: Record<LaneName, Lane> = {
  mail: { concurrency: 4, retryLimit: 6, retryDelay: 15, retryDelayMax: HOUR, heartbeatSeconds: null, expireInSeconds: 2 * MINUTE },
  notifications: { concurrency: 4, retryLimit: 4, retryDelay: 5, retryDelayMax: 10 * MINUTE, heartbeatSeconds: null, expireInSeconds: 2 * MINUTE },
  // A feed import runs for many minutes; the heartbeat (not the long expiry) is what finds one whose process died.
  imports: { concurrency: 2, retryLimit: 5, retryDelay: 5, retryDelayMax: 10 * MINUTE, heartbeatSeconds: 15, expireInSeconds: 12 * HOUR },
  media: { concurrency: 2, retryLimit: 3, retryDelay: 10, retryDelayMax: 30 * MINUTE, heartbeatSeconds: 30, expireInSeconds: 2 * HOUR },
  scheduled: { concurrency: 1, retryLimit: 2, retryDelay: 30, retryDelayMax: 10 * MINUTE, heartbeatSeconds: 30, expireInSeconds: HOUR },
  default: { concurrency: 2, retryLimit: 4, retryDelay: 10, retryDelayMax: HOUR, heartbeatSeconds: 30, expireInSeconds: HOUR },
};

/** Job kinds without an explicit lane are placed by the start of their name. */
const BY_PREFIX: [prefix: string, lane: LaneName][] = [
  ['mail.', 'mail'],
  ['notifications.', 'notifications'],
  ['hosting.import', 'imports'],
  ['files.', 'media'],
  ['media.', 'media'],
];

/** The lane of a job kind. */
export function laneOf(name: string, explicit?: LaneName): LaneName {
  if (explicit) return explicit;
  return BY_PREFIX.find(([prefix]) => name.startsWith(prefix))?.[1] ?? 'default';
}

/** The queue that keeps jobs which failed every attempt, for an admin to retry or discard. */
export const DEAD_LETTER_QUEUE = 'dead-letters';
