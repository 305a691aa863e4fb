// The ceiling: a bare Fastify server answering each benchmarked path with the exact bytes the product sent,
// so every endpoint is compared with "Fastify doing nothing but sending these bytes" in the same run.
//   node bench/ceiling-server.mjs RESPONSES.json PORT
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file, port] = process.argv.slice(2);
const responses = JSON.parse(readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
for (const r of responses) {
  const body = Buffer.from(r.body, 'base64');
  app.route({
    method: r.method,
    url: r.path.split('?')[0],
    handler: (_request, reply) => reply.code(r.status).type(r.contentType).send(body),
  });
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
