import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

/** A final, unmasked text frame carrying `payload` (RFC 6455 §5.2), as a server sends it. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(header + length);
  out[0] = 0x81; // FIN + opcode 1 (text)
  if (length < 126) out[1] = length;
  else if (length < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(length, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(out, header);
  return out;
}

/** A protocol-7 message as JSON text. Protocol 7 double-encodes: `data` travels as a JSON string. */
export function messageText(event: string, data: unknown, channel?: string): string {
  const encoded = typeof data === 'string' ? data : JSON.stringify(data);
  return channel === undefined ? JSON.stringify({ event, data: encoded }) : JSON.stringify({ event, channel, data: encoded });
}

/** JSON text as the bytes of one whole text frame, ready for any number of sockets. */
export function wireFrame(text: string): Buffer {
  return textFrame(Buffer.from(text));
}

/** One socket the outbox writes to: the ws object (for its state) and the upgraded TCP socket under it. */
export interface Recipient {
  ws: WebSocket;
  socket: Duplex;
  /** Frames waiting for the end of this event-loop turn (one Buffer, or several in order). */
  queued: Buffer | Buffer[] | null;
}

export interface Outbox {
  /** Queues a whole frame; it is written at the end of this event-loop turn, after what was queued before it. */
  send(to: Recipient, wire: Buffer): void;
  /** Writes everything queued now; called before a close frame so that no data frame follows it. */
  flush(): void;
  /** Resolves once everything queued so far has been handed to its socket. */
  written(): Promise<void>;
}

/**
 * Every text frame the server sends goes through here. A frame is encoded once, however many sockets
 * get it (a server's frames are unmasked, so all recipients get the same bytes), and each socket gets
 * one write per event-loop turn: the events that several HTTP requests, a batch or a multi-channel
 * publish bring in the same turn reach a subscriber in one system call instead of one each. On
 * loopback that call, not JavaScript, is most of a delivery's cost. Writing once per turn (setImmediate
 * runs right after the poll phase that read the requests) adds no wait when one event comes alone.
 */
export function createOutbox(): Outbox {
  let dirty: Recipient[] = [];
  let scheduled = false;
  let waiters: Array<() => void> = [];

  function flush(): void {
    scheduled = false;
    const batch = dirty;
    dirty = [];
    for (const to of batch) {
      const queued = to.queued;
      to.queued = null;
      if (queued === null || to.ws.readyState !== to.ws.OPEN || !to.socket.writable) continue;
      // ws never holds frames back here (no compression, no blobs), so this keeps order with its own control frames.
      to.socket.write(Array.isArray(queued) ? Buffer.concat(queued) : queued);
    }
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  return {
    send(to, wire) {
      if (to.queued === null) {
        to.queued = wire;
        dirty.push(to);
      } else if (Array.isArray(to.queued)) to.queued.push(wire);
      else to.queued = [to.queued, wire];
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
    written() {
      if (!scheduled) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
