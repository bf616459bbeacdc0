// Every request body stops at its limit while it is read (src/lib/server/body-limits.ts decides the
// limit from the method, the path and the content type), whatever Content-Length says or leaves out:
// a declared length over the limit is refused before anything is read, and a body that grows past it
// (chunked, or longer than declared) fails the reader behind it at that byte, so nothing it was
// building is kept, while this layer answers 413 and neutralises any answer the handler still writes.
// The rest of a refused body is read and thrown away for a few seconds (so the client sees the 413
// rather than a reset), then the connection is closed. Memory holds at most the limit per request.
// The 413 carries no `Connection: close`: with it, Node destroys the socket as soon as the answer is
// flushed, with the client's unread bytes still queued, and the kernel answers them with a reset that
// can reach a client still sending before it has read the 413 (a flaky "connection reset" instead of
// the answer). Without it the body is drained, as a lingering close would, and the socket is cut only
// if the client is still sending after DRAIN_MS.
//
// Astro reads a request's body from `req.body` when it is an async iterable (astro/dist/core/app/node.js
// makeRequestBody), so the bounded body is given to it there. The realtime HTTP API (/apps/) reads its
// own body with its own limit (512 KB) and answers its own 413.
import http from 'node:http';

const DRAIN_MS = 5_000;
// (destroy too: the adapter destroys a response whose headers went out when rendering then fails,
// which would cut the socket that is still draining the refused body, or already serving the next request.)
const NEUTRALISED = ['writeHead', 'write', 'end', 'setHeader', 'removeHeader', 'appendHeader', 'flushHeaders', 'addTrailers', 'writeContinue', 'destroy'];

class BodyTooLarge extends Error {
  name = 'BodyTooLarge';
}

function hasBody(req) {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Wraps a request handler so that no body is read past its limit. */
export function boundBodies(handler, { limitFor, messageFor, isApiPath }) {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (!hasBody(req) || path.startsWith('/apps/')) return handler(req, res);
    const limit = limitFor(req.method ?? 'GET', path, String(req.headers['content-type'] ?? ''));
    let refused = false;

    const refuse = () => {
      if (refused) return;
      refused = true;
      // The handler may still write an answer (the reader failed): it goes nowhere.
      const noop = function () {
        return this;
      };
      const sent = res.headersSent;
      for (const name of NEUTRALISED) res[name] = name === 'write' ? () => true : noop;
      res.on('error', () => undefined);
      if (sent) {
        req.socket?.destroy();
        return;
      }
      const message = messageFor(limit);
      const api = isApiPath(path);
      const body = api ? JSON.stringify({ message }) : `Payload Too Large. ${message}`;
      http.ServerResponse.prototype.writeHead.call(res, 413, {
        'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
      http.ServerResponse.prototype.end.call(res, body);
      // Node reads and drops what is left of the body once the answer is out; a client that keeps
      // sending is cut off after a few seconds.
      // (Only while this body is still arriving: once it is all read the socket is kept alive and may
      // already carry the client's next request.)
      const timer = setTimeout(() => {
        if (!req.complete) req.socket?.destroy();
      }, DRAIN_MS);
      timer.unref?.();
      req.once('end', () => clearTimeout(timer));
      req.once('close', () => clearTimeout(timer));
      // The bounded reader below leaves a 'readable' listener behind, and while one is there resume()
      // does nothing: the body would stall until the timer cuts it. Drain once the reader has let go.
      setImmediate(() => {
        req.removeAllListeners('readable');
        req.on('data', () => undefined);
        req.resume();
      });
    };

    const declared = Number(req.headers['content-length'] ?? Number.NaN);
    if (declared > limit) return refuse();

    async function* bounded() {
      let received = 0;
      for await (const chunk of req.iterator({ destroyOnReturn: false })) {
        received += chunk.length;
        if (received > limit) {
          refuse();
          throw new BodyTooLarge(messageFor(limit));
        }
        yield chunk;
      }
    }
    req.body = bounded();
    return handler(req, res);
  };
}
