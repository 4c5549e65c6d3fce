import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { staffCan } from '@seguridad/contracts/staff-access';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SocketUser } from '../../realtime/call-socket';
import { findActiveSession, sessionRoom } from '../identity/session-queries';
import { staffMembershipOf } from '../membership/membership-queries';
import { operatorRoom, staffRoom, supervisionRoom } from '../../lib/socket-rooms';
import type { Deps } from '../../lib/dependencies';

/** The socket's user, through the same lookup as the API, so expired and revoked sessions count as none. */
async function socketUserOf(
  app: Deps<'config' | 'database'>,
  token: string,
): Promise<SocketUser | undefined> {
  const session = await findActiveSession(app.database.db, token);
  if (!session) return undefined;
  const { member } = await staffMembershipOf(app.database.db, session.id, app.config.staffTwoStepByDefault);
  return {
    id: session.id,
    name: `${session.name} ${session.lastname}`.trim(),
    companyId: member?.companyId ?? null,
    role: member?.role,
    sessionId: session.sessionId,
  };
}

/**
 * Sockets that present a session token join their user's room (so deleting an account can close
 * them) and, for company members who pass the staff gate (two-step when required), the company's
 * operator room where inbox events and the call queue arrive, and their own staff room; a member
 * without the second factor is a plain signed-in socket, and not counted as available. The session is resolved in a middleware, before `connection`: no event of the
 * socket (a call `join` sent right away) is handled before we know who it is.
 */
export const operatorRealtimePlugin = fp(
  async (app: FastifyInstance) => {
    app.io.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
      // A bad or revoked token connects as anonymous: the widget's caller needs no session.
      if (token && token.length <= 200) {
        try {
          const user = await socketUserOf(app, token);
          if (user) socket.data.user = user;
        } catch (error) {
          app.log.error({ err: error }, 'socket session lookup failed');
          return next(new Error('session_lookup_failed'));
        }
      }
      next();
    });

    app.io.on('connection', (socket) => {
      const user = socket.data.user;
      if (!user) return;
      void socket.join(`user:${user.id}`);
      if (user.sessionId !== undefined) void socket.join(sessionRoom(user.sessionId));
      if (user.companyId !== null) void socket.join([operatorRoom(user.companyId), staffRoom(user.id)]);
      if (user.companyId !== null && staffCan(user.role, 'seeCompanyCalls'))
        void socket.join(supervisionRoom(user.companyId));
      socket.emit(operatorEvents.sessionReady, { operator: user.companyId !== null });
    });
  },
  { name: 'operator-realtime', dependencies: ['realtime'] },
);
