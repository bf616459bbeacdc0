// The yardstick: a plain Node HTTP server that answers every request with the same bytes and headers
// (content type and encoding) the product sent for /login. Run as its own process by bench/run.mjs:
//   node bench/lib/static-server.mjs <body file> <content-type> [content-encoding]
// It prints the port it listens on.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, type, encoding] = process.argv.slice(2);
const body = readFileSync(file);
const headers = { 'content-type': type, 'content-length': String(body.length), 'cache-control': 'private, no-store' };
if (encoding) Object.assign(headers, { 'content-encoding': encoding, vary: 'Accept-Encoding' });
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
