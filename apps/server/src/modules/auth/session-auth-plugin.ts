import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';

export type AuthenticatedUser = {
  id: number;
  email: string;
  name: string;
  lastname: string;
  sessionId: number;
};

/** Sessions are looked up on every call, so a revoked token answers 401 at once, on every process. */
export const sessionAuthPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token || token.length > 200) throw new AppError(401, 'unauthorized', errorMessages.unauthorized);
      const [row] = await app.database.db
        .select({
          sessionId: sessions.id,
          id: users.id,
          email: users.email,
          name: users.name,
          lastname: users.lastname,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
        .limit(1);
      if (!row) throw new AppError(401, 'unauthorized', errorMessages.unauthorized);
      request.user = row;
    });
  },
  { name: 'session-auth', dependencies: ['app-config', 'attempts'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of the App API: resolves the bearer token or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | undefined;
  }
}
