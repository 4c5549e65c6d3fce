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
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.redis?.client;
    await app.register(rateLimit, {
      global: true,
      max: app.config.rateLimitMax,
      timeWindow: '1 minute',
      ...(redis ? { redis, nameSpace: 'rl:' } : {}),
      // The matched route, never the raw URL: `/%61pi/…` reaches the same route as `/api/…`.
      allowList: (request) => !isLimitedRoute(request.routeOptions.url),
      errorResponseBuilder: () => new AppError(429, 'too_many_requests', errorMessages.tooManyRequests),
    });
  },
  { name: 'rate-limit', dependencies: ['app-config', 'redis'] },
);
