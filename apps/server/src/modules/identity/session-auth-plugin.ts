import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { accessGuard } from '../../lib/access-guards';
import { findActiveSession } from './session-queries';

export type AuthenticatedUser = {
  id: number;
  email: string;
  name: string;
  lastname: string;
  sessionId: number;
  /** When the session signed in (its `created_at`). */
  signedInAt: Date;
  deviceId: number | null;
};

/**
 * Sessions are looked up on every call, so a revoked or expired token answers 401 at once, on
 * every process.
 */
export const sessionAuthPlugin = fp(
  async function sessionAuthPlugin(app: FastifyInstance) {
    app.decorateRequest('user', undefined);
    async function signedInUser(request: FastifyRequest): Promise<AuthenticatedUser> {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!token || token.length > 200) throw new AppError(401, 'unauthorized', errorMessages.unauthorized);
      const row = await findActiveSession(app.database.db, token);
      if (!row) throw new AppError(401, 'unauthorized', errorMessages.unauthorized);
      request.user = row;
      return row;
    }
    async function authenticate(request: FastifyRequest): Promise<void> {
      await signedInUser(request);
    }
    app.decorate('signedInUser', signedInUser);
    app.decorate('authenticate', accessGuard(authenticate, 'session'));
  },
  { name: 'session-auth', dependencies: ['app-config', 'attempts'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of the App API: resolves the bearer token or answers 401. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** The same check for other guards, returning the user it set on the request. */
    signedInUser: (request: FastifyRequest) => Promise<AuthenticatedUser>;
  }
  interface FastifyRequest {
    user: AuthenticatedUser | undefined;
  }
}
