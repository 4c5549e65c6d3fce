import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import {
  createMemoryAttemptLimiter,
  createRedisAttemptLimiter,
  type AttemptLimiter,
} from '../../lib/attempt-limiter';
import { findActiveSession } from './session-queries';

export type AuthenticatedUser = {
  id: number;
  email: string;
  name: string;
  lastname: string;
  sessionId: number;
};

/**
 * Sessions are looked up on every call, so a revoked or expired token answers 401 at once, on
 * every process.
 */
export const sessionAuthPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.config.redisUrl
      ? new Redis(app.config.redisUrl, { maxRetriesPerRequest: 1 })
      : undefined;
    const limiter = redis ? createRedisAttemptLimiter(redis) : createMemoryAttemptLimiter();
    app.decorate('attempts', limiter);
    app.addHook('onClose', async () => {
      await limiter.close();
      await redis?.quit();
    });

    app.decorateRequest('user', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token || token.length > 200) throw new AppError(401, 'unauthorized', errorMessages.unauthorized);
      const row = await findActiveSession(app.database.db, token);
      if (!row) throw new AppError(401, 'unauthorized', errorMessages.unauthorized);
      request.user = row;
    });
  },
  { name: 'session-auth', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    attempts: AttemptLimiter;
    /** preHandler of the App API: resolves the bearer token or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | undefined;
  }
}
