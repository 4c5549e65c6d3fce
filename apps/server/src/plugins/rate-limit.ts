import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@seguridad/contracts/http/api-route';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../lib/app-error';
import { createMemoryCeilingCounter, createRedisCeilingCounter, type CeilingCount } from './api-ceiling';
import { clientAddressKey } from '../lib/client-address';

export function isLimitedRoute(routeUrl: string | undefined): boolean {
  if (!routeUrl) return true;
  return routeUrl.startsWith(API_PREFIX) || routeUrl.startsWith('/dev/');
}

const CEILING_WINDOW_MS = 60_000;

/**
 * A per-IP ceiling on every API route. Counts are shared through Redis when it is configured, so
 * several processes behind one load balancer hold one ceiling (each adds its share there every
 * `RATE_LIMIT_SYNC_MS`, decision 035); routes that anonymous visitors can abuse set
 * tighter limits of their own through `config.rateLimit`, counted by @fastify/rate-limit.
 *
 * Which routes are limited is decided once per route when it is declared, by its path (the matched
 * route, never the raw URL: `/%61pi/…` reaches the same route as `/api/…`), so pages and assets
 * carry no limiter hook at all. The ceiling itself (every API route without a limit of its own) is
 * a callback hook over a plain counter that answers in the same tick, where the library's hook
 * made three promises per request. Below the ceiling no `x-ratelimit-*` headers are written
 * (no client of ours reads them); a refused request gets them with `retry-after`
 * (bench/measurements/hot-path/020-api-hot-path.md).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.redis?.client;
    const max = app.config.rateLimitMax;
    const counter = redis
      ? createRedisCeilingCounter(redis, CEILING_WINDOW_MS, {
          syncMs: app.config.rateLimitSyncMs,
          // The ceiling guards capacity, not a secret: while Redis is away each process holds it
          // on what it sees itself (the routes' own limits still hold).
          onError: (error) => app.log.warn({ err: error }, 'rate-limit counts not shared'),
        })
      : createMemoryCeilingCounter(CEILING_WINDOW_MS);
    app.addHook('onClose', (_instance, done) => {
      counter.close();
      done();
    });

    const decide = (outcome: CeilingCount, reply: FastifyReply, done: HookDone) => {
      if (outcome.count <= max) return done();
      const seconds = Math.max(1, Math.ceil((outcome.resetAt - Date.now()) / 1000));
      reply.headers({
        'x-ratelimit-limit': max,
        'x-ratelimit-remaining': 0,
        'x-ratelimit-reset': seconds,
        'retry-after': seconds,
      });
      done(new AppError(429, 'too_many_requests', errorMessages.tooManyRequests));
    };
    const ceiling = (request: FastifyRequest, reply: FastifyReply, done: HookDone): void =>
      decide(counter.hit(clientAddressKey(request.ip)), reply, done);

    // Runs before the library's own onRoute hook, which skips routes whose config says false.
    app.addHook('onRoute', (route) => {
      if (!isLimitedRoute(route.url)) {
        route.config = { ...route.config, rateLimit: false };
        return;
      }
      if (route.config?.rateLimit !== undefined) return;
      const existing = route.onRequest;
      route.onRequest = existing
        ? [ceiling, ...(Array.isArray(existing) ? existing : [existing])]
        : [ceiling];
    });
    await app.register(rateLimit, {
      global: false,
      max,
      // Each route's own limit counts a client as the ceiling does (an IPv6 /56 as one).
      keyGenerator: (request) => clientAddressKey(request.ip),
      timeWindow: CEILING_WINDOW_MS,
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

type HookDone = (error?: Error) => void;
