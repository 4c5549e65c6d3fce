import type { FastifyInstance } from 'fastify';
import { revokeSessionRow, revokeUserSessionRows, sessionRoom } from './session-queries';

/**
 * Closes the sockets opened with revoked sessions. Through the session's room, so with the Redis
 * adapter the sockets held by other processes close too.
 */
function disconnectSessions(app: FastifyInstance, sessionIds: number[]): void {
  for (const id of sessionIds) app.io.in(sessionRoom(id)).disconnectSockets(true);
}

export async function revokeSession(app: FastifyInstance, sessionId: number): Promise<void> {
  disconnectSessions(app, await revokeSessionRow(app.database.db, sessionId));
}

export async function revokeAllSessions(app: FastifyInstance, userId: number): Promise<void> {
  disconnectSessions(app, await revokeUserSessionRows(app.database.db, userId));
}
