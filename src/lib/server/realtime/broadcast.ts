import Pusher from 'pusher';

export interface BroadcasterConfig {
  appId: string;
  key: string;
  secret: string;
  /** PUSHER_HOST; without it the SDK talks to Pusher's own cluster. */
  host?: string | undefined;
  port?: number | string | undefined;
  scheme?: 'http' | 'https' | undefined;
  /** Used only when no host is given (Pusher-hosted apps). */
  cluster?: string | undefined;
  timeoutMs?: number | undefined;
  /** Largest event data in bytes; Pusher, Soketi and Reverb all default to 10 KB. */
  maxEventBytes?: number | undefined;
  /** Channels per HTTP call; the API refuses more than 100. */
  maxChannelsPerCall?: number | undefined;
  /** Events per batch_events call; Pusher's multi-tenant clusters refuse more than 10. */
  maxBatchSize?: number | undefined;
}

export interface BatchItem {
  channel: string;
  event: string;
  data: unknown;
  socketId?: string | undefined;
}

export interface Broadcaster {
  /** Publishes one event to any number of channels, split into calls of at most 100 channels. */
  trigger(channels: string | string[], event: string, data: unknown, options?: { socketId?: string | undefined }): Promise<void>;
  /** Publishes different events in batch_events calls of at most `maxBatchSize`. */
  triggerBatch(items: BatchItem[]): Promise<void>;
  /** The underlying SDK client, for channel queries. */
  readonly pusher: Pusher;
}

/** Raised before any network call when an event's data is over the size limit, so callers learn which event was too big. */
export class EventTooLargeError extends Error {
  readonly bytes: number;
  readonly limit: number;
  constructor(event: string, bytes: number, limit: number) {
    super(`Realtime event "${event}" is ${bytes} bytes; the limit is ${limit}.`);
    this.name = 'EventTooLargeError';
    this.bytes = bytes;
    this.limit = limit;
  }
}

function chunk<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

// The SDK sends strings as they are and JSON-encodes everything else; measure what will go on the wire.
function encoded(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/** Creates the publisher the domains use; the same code reaches the embedded server, Soketi, Reverb or Pusher. */
export function createBroadcaster(config: BroadcasterConfig): Broadcaster {
  const maxEventBytes = config.maxEventBytes ?? 10_240;
  const maxChannels = config.maxChannelsPerCall ?? 100;
  const maxBatch = config.maxBatchSize ?? 10;
  const base = {
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    useTLS: (config.scheme ?? 'https') === 'https',
    ...(config.timeoutMs === undefined ? {} : { timeout: config.timeoutMs }),
  };
  const pusher = config.host
    ? new Pusher({ ...base, host: config.host, ...(config.port === undefined ? {} : { port: String(config.port) }) })
    : new Pusher({ ...base, cluster: config.cluster ?? 'mt1' });

  function checkSize(event: string, data: unknown): string {
    const text = encoded(data);
    const bytes = Buffer.byteLength(text);
    if (bytes > maxEventBytes) throw new EventTooLargeError(event, bytes, maxEventBytes);
    return text;
  }

  return {
    pusher,
    async trigger(channels, event, data, options) {
      const list = [...new Set(Array.isArray(channels) ? channels : [channels])];
      if (list.length === 0) return;
      const text = checkSize(event, data);
      const params = options?.socketId ? { socket_id: options.socketId } : undefined;
      await Promise.all(chunk(list, maxChannels).map((part) => pusher.trigger(part, event, text, params)));
    },
    async triggerBatch(items) {
      const batch = items.map((item) => ({
        channel: item.channel,
        name: item.event,
        data: checkSize(item.event, item.data),
        ...(item.socketId ? { socket_id: item.socketId } : {}),
      }));
      await Promise.all(chunk(batch, maxBatch).map((part) => pusher.triggerBatch(part)));
    },
  };
}
