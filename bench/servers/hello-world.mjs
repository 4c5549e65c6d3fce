// The baseline for API throughput: a bare Fastify route, nothing else, in its own process.
// With FLOOR_REPLIES (JSON: path → { headers, body }) it also answers those paths with exactly the
// given headers and body, and nothing else: what bare Fastify costs to send the product's reply.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
const floors = JSON.parse(process.env.FLOOR_REPLIES ?? '{}');
for (const [path, { headers, body }] of Object.entries(floors)) {
  app.get(path, (_request, reply) => {
    reply.headers(headers).send(body);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
