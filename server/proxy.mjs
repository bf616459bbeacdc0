// A small round-robin HTTP proxy in front of several web instances (npm run cluster, the cluster test and
// bench): each request goes to the next instance; an instance that refuses the connection is skipped for a
// few seconds and the request goes to the next one, which is safe because nothing of it was sent yet (a
// GET on a kept-alive connection the instance dropped goes again too). The
// answering instance is named in `X-Cuepoint-Instance`. WebSocket upgrades are passed through the same way.
// Hand-written rather than http-proxy: the failover above (retry only before the first byte of the body
// leaves) is the point of it, and the whole thing is one screen.
//
//   PROXY_PORT=4400 PROXY_TARGETS=http://127.0.0.1:4401,http://127.0.0.1:4402 node server/proxy.mjs
import http from 'node:http';
import net from 'node:net';

const DOWN_FOR_MS = 3000;

/** The proxy server (not listening yet) over `targets`: [{ name, url }]. */
export function createRoundRobinProxy(targets, { log = () => undefined } = {}) {
  const pool = targets.map((t) => ({ ...t, target: new URL(t.url), downUntil: 0 }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;

  /** The next instance that is not resting after a refused connection (any, when all are). */
  const pick = (tried) => {
    const now = Date.now();
    for (let i = 0; i < pool.length; i++) {
      const candidate = pool[(next + i) % pool.length];
      if (!tried.has(candidate) && candidate.downUntil <= now) {
        next = (pool.indexOf(candidate) + 1) % pool.length;
        return candidate;
      }
    }
    return pool.find((p) => !tried.has(p)) ?? null;
  };

  const forwardedHeaders = (req) => ({
    ...req.headers,
    'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
  });

  const forward = (req, res, tried) => {
    const instance = pick(tried);
    if (!instance) {
      res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'No web instance answered.' }));
      return;
    }
    tried.add(instance);
    let sent = false;
    const upstream = http.request(
      { host: instance.target.hostname, port: instance.target.port, method: req.method, path: req.url, headers: forwardedHeaders(req), agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-cuepoint-instance': instance.name });
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('socket', (socket) => {
      const send = () => {
        sent = true;
        req.pipe(upstream);
      };
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
    upstream.on('error', (error) => {
      // A kept-alive connection the instance dropped (it died): a request without a body may go again.
      const replayable = upstream.reusedSocket && !res.headersSent && ['GET', 'HEAD', 'OPTIONS'].includes(req.method);
      if ((!sent || replayable) && !res.headersSent) {
        instance.downUntil = Date.now() + DOWN_FOR_MS;
        log(`${instance.name} did not answer (${error.code ?? error.message}); trying the next instance`);
        forward(req, res, tried);
      } else if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'The web instance went away.' }));
      } else {
        res.destroy();
      }
    });
  };

  const server = http.createServer((req, res) => forward(req, res, new Set()));
  server.on('upgrade', (req, socket, head) => {
    const instance = pick(new Set());
    if (!instance) return socket.destroy();
    const upstream = net.connect(Number(instance.target.port), instance.target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(forwardedHeaders(req)).map(([k, v]) => `${k}: ${v}`), '', ''];
      upstream.write(lines.join('\r\n'));
      if (head?.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.on('close', () => agent.destroy());
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PROXY_PORT ?? 4400);
  const targets = (process.env.PROXY_TARGETS ?? '')
    .split(',')
    .filter(Boolean)
    .map((url, i) => ({ name: `web-${i + 1}`, url }));
  if (!targets.length) {
    console.error('[proxy] Set PROXY_TARGETS to the comma-separated addresses of the web instances.');
    process.exit(1);
  }
  const server = createRoundRobinProxy(targets, { log: (line) => console.log(`[proxy] ${line}`) });
  server.listen(port, '127.0.0.1', () => console.log(`[proxy] http://127.0.0.1:${port} → ${targets.map((t) => t.url).join(', ')}`));
}
