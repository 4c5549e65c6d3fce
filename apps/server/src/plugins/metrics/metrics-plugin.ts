import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { measureRequests } from './http-metrics';
import { createServerMetrics, type ServerMetrics } from './server-metrics';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasBearer(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

/** Serves only the metrics, on 127.0.0.1: what a Prometheus on the same host scrapes. */
function listenOnLoopback(app: FastifyInstance, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    app.metrics
      .render((error) => app.log.error({ err: error }, 'metrics: centre figures not read'))
      .then((text) => {
        response.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(text);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'metrics: page not rendered');
        response.writeHead(500).end();
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Decorates `app.metrics`, which every part of the server records through (cheap counters, always
 * there). With `METRICS_TOKEN` or `METRICS_PORT` the metrics are exposed: every request is timed,
 * the process metrics are collected, and `GET /metrics` answers Prometheus on the public port with
 * the bearer token and/or on 127.0.0.1:METRICS_PORT. With neither, nothing is exposed or timed.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = createServerMetrics();
    app.decorate('metrics', metrics);
    const exposed = app.config.metrics;
    if (!exposed) {
      app.decorate('observeUnmatchedRequest', () => {});
      return;
    }

    metrics.collectProcessMetrics();
    const requests = measureRequests(app, metrics.httpRequestDuration);
    app.decorate('observeUnmatchedRequest', requests.observeUnmatched);

    const { token, port } = exposed;
    if (token) {
      app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
        if (!hasBearer(request, token)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new AppError(401, 'metrics_token_required', errorMessages.metricsTokenRequired);
        }
        const text = await metrics.render((error) =>
          request.log.error({ err: error }, 'metrics: centre figures not read'),
        );
        return reply.type(metrics.registry.contentType).send(text);
      });
    }
    if (port !== undefined) {
      const listener = await listenOnLoopback(app, port);
      app.addHook('onClose', async () => {
        const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
        listener.closeAllConnections();
        await closed;
      });
    }
  },
  { name: 'metrics', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServerMetrics;
    /** The not-found handler's share of the request timing (a no-op while metrics are off). */
    observeUnmatchedRequest: (request: FastifyRequest, statusCode: number) => void;
  }
}
