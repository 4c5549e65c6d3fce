import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createMemoryAttemptLimiter,
  createRedisAttemptLimiter,
  type AttemptLimiter,
} from '../lib/attempt-limiter';

/** `app.attempts`: per-e-mail, per-phone… counters, in Redis when configured. */
export const attemptsPlugin = fp(
  async (app: FastifyInstance) => {
    const limiter = app.redis ? createRedisAttemptLimiter(app.redis.client) : createMemoryAttemptLimiter();
    app.decorate('attempts', limiter);
    app.addHook('onClose', () => limiter.close());
  },
  { name: 'attempts', dependencies: ['redis'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    attempts: AttemptLimiter;
  }
}
