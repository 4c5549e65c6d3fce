import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../lib/app-error';

export function isLimitedRoute(routeUrl: string | undefined): boolean {
  if (!routeUrl) return true;
  return routeUrl.startsWith('/api/') || routeUrl.startsWith('/dev/');
}

/**
 * A per-IP ceiling on every API route. Counters live in Redis when it is configured, so several
 * processes behind one load balancer share them; routes that anonymous visitors can abuse set
 * tighter limits of their own through `config.rateLimit`.
 *
 * Which routes are limited is decided once per route when it is declared, by its path (the matched
 * route, never the raw URL: `/%61pi/…` reaches the same route as `/api/…`), so pages and assets
 * carry no limiter hook at all. Below the ceiling no `x-ratelimit-*` headers are written (no client
 * of ours reads them, and every API reply paid for three); a refused request still gets them with
 * `retry-after` (docs/decisions/020-api-hot-path.md).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.redis?.client;
    // Runs before the limiter's own onRoute hook, which skips routes whose config says false.
    app.addHook('onRoute', (route) => {
      if (!isLimitedRoute(route.url)) route.config = { ...route.config, rateLimit: false };
    });
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitMax,
      timeWindow: '1 minute',
      ...(redis ? { redis, nameSpace: 'rl:' } : {}),
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: () => new AppError(429, 'too_many_requests', errorMessages.tooManyRequests),
    });
  },
  { name: 'rate-limit', dependencies: ['app-config', 'redis'] },
);
