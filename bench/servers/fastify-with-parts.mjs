// A second floor for the two measured routes: bare Fastify carrying the parts the product cannot go
// without, and nothing of the product's own code. It sends the product's replies byte for byte
// (REPLIES: JSON path → { headers, body }, for `/api/health` and optionally
// `/api/company/specialities`, security headers included) the way the product sends them. The
// company-key check and the per-IP ceiling are the product's own work, so they are not here.
// PARTS (comma-separated; all by default) names what it carries, so each part can be measured apart:
//   tick-record one of Node's process.nextTick records held from the start, as the product held one
//              until the mixed workload showed no gain from it (decision 035)
//   no-pretenuring V8's allocation-site pretenuring turned off from the start, as the product turns
//              it off (decision 035)
//   logger     a pino logger at level warn with the product's server options, no request lines:
//              as the product, Fastify gets it only for requests and `app.log` (decision 035)
//   headers    the security headers set by an onRequest hook, as the product sets them
//   routes     600 routes in 30 plugins, about the product's route table
//   realtime   Socket.IO on the same HTTP server, as the call widget needs it
//   plugins    the three request decorators and the route declared in a child plugin with a schema
import { executionAsyncResource } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';

const ALL_PARTS = ['tick-record', 'no-pretenuring', 'logger', 'headers', 'routes', 'realtime', 'plugins'];
const parts = new Set((process.env.PARTS ?? ALL_PARTS.join(',')).split(',').filter(Boolean));
for (const part of parts) if (!ALL_PARTS.includes(part)) throw new Error(`unknown part ${part}`);

if (parts.has('no-pretenuring')) setFlagsFromString('--no-allocation-site-pretenuring');
const keptTickRecords = [];
if (parts.has('tick-record')) process.nextTick(() => keptTickRecords.push(executionAsyncResource()));

const { default: Fastify, LogController } = await import('fastify');
const replies = JSON.parse(process.env.REPLIES ?? '{}');
const healthReply = replies['/api/health'];
if (typeof healthReply?.body !== 'string') throw new Error('REPLIES must give the /api/health reply');
const { 'content-type': _healthType, ...securityHeaders } = healthReply.headers;
// The hook sends one set of headers for every route, as the product's does: a reply with other
// headers could not be replayed byte for byte.
for (const [path, { headers }] of Object.entries(replies)) {
  const { 'content-type': _type, ...others } = headers;
  if (JSON.stringify(others) !== JSON.stringify(securityHeaders))
    throw new Error(`${path} sends other headers than /api/health: ${JSON.stringify(others)}`);
}

const logger = parts.has('logger') ? (await import('pino')).pino({ level: 'warn' }) : undefined;
const app = Fastify(
  logger
    ? {
        bodyLimit: 1024 * 1024,
        requestTimeout: 30_000,
        forceCloseConnections: 'idle',
        http: { requestTimeout: 30_000, connectionsCheckingInterval: 7_500 },
        logController: new LogController({ disableRequestLogging: true }),
        childLoggerFactory: () => logger,
      }
    : { logger: false },
);
if (logger) app.log = logger;

if (parts.has('headers')) {
  const pageHeaders = { 'x-frame-options': 'SAMEORIGIN' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') ? securityHeaders : pageHeaders,
    );
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    done();
  });
}

if (parts.has('routes')) {
  for (let plugin = 0; plugin < 30; plugin += 1) {
    await app.register(async (scope) => {
      for (let route = 0; route < 10; route += 1) {
        scope.get(`/api/module${plugin}/items${route}`, async () => ({ ok: true }));
        scope.get(`/api/module${plugin}/items${route}/:id`, async () => ({ ok: true }));
        scope.post(`/api/module${plugin}/items${route}`, async () => ({ ok: true }));
        scope.patch(`/api/module${plugin}/items${route}/:id`, async () => ({ ok: true }));
        scope.delete(`/api/module${plugin}/items${route}/:id`, async () => ({ ok: true }));
        scope.get(`/api/module${plugin}/items${route}/:id/detail`, async () => ({ ok: true }));
      }
    });
  }
}

/** Sends a kept reply as the product does: its own content type, on top of the hook's headers. */
const sender = ({ headers, body }) => {
  const { 'content-type': contentType } = headers;
  return (_request, reply) => {
    reply.code(200).type(contentType).send(body);
  };
};
const string = { type: 'string' };
const schemas = {
  '/api/health': {
    type: 'object',
    properties: {
      status: string,
      database: string,
      databaseOk: { type: 'boolean' },
      uptimeSeconds: { type: 'number' },
      version: string,
    },
  },
  '/api/company/specialities': {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      data: {
        type: 'array',
        items: { type: 'object', properties: { id: { type: 'integer' }, name: string } },
      },
    },
  },
};
for (const path of Object.keys(replies)) if (!schemas[path]) throw new Error(`no route for ${path}`);
if (parts.has('plugins')) {
  for (const name of ['user', 'operator', 'company']) app.decorateRequest(name, undefined);
  await app.register(async (scope) => {
    for (const [path, reply] of Object.entries(replies)) {
      scope.get(path, { schema: { response: { 200: schemas[path] } } }, sender(reply));
    }
  });
} else {
  for (const [path, reply] of Object.entries(replies)) app.get(path, sender(reply));
}

if (parts.has('realtime')) {
  const { Server } = await import('socket.io');
  new Server(app.server, { path: '/socket.io' });
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');
