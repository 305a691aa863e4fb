// The ceiling: a bare `node:http` server answering each benchmarked path with the exact bytes the product sent,
// so every endpoint is compared with "Node doing nothing but sending these bytes" in the same run (the issue's
// measure: no framework, no routing beyond a map lookup, the request body read and dropped).
//   node bench/ceiling-server.mjs RESPONSES.json PORT
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const responses = JSON.parse(readFileSync(file, 'utf8'));
// Each response answers its route's pattern (`/lessons/:id/progress`: every learner's lesson), as the product does.
const routes = responses.map((r) => {
  const body = Buffer.from(r.body, 'base64');
  const pattern = (r.route ?? r.path.split('?')[0]).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return {
    method: r.method,
    pattern: new RegExp(`^${pattern}$`),
    status: r.status,
    headers: { 'content-type': r.contentType, 'content-length': body.length },
    body,
  };
});
const server = http.createServer((req, res) => {
  const pathname = req.url.split('?')[0];
  const found = routes.find((r) => r.method === req.method && r.pattern.test(pathname));
  req.resume();
  req.on('end', () => {
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(found.status, found.headers).end(found.body);
  });
});
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
