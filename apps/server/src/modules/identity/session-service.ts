import {
  revokeDeviceSessionRows,
  revokeOwnSessionRow,
  revokeSessionRow,
  revokeUserSessionRows,
  sessionRoom,
} from './session-queries';
import type { Deps } from '../../lib/dependencies';

/**
 * Closes the sockets opened with revoked sessions. Through the session's room, so with the Redis
 * adapter the sockets held by other processes close too.
 */
function disconnectSessions(app: Deps<'io'>, sessionIds: number[]): void {
  for (const id of sessionIds) app.io.in(sessionRoom(id)).disconnectSockets(true);
}

export async function revokeSession(app: Deps<'database' | 'io'>, sessionId: number): Promise<void> {
  disconnectSessions(app, await revokeSessionRow(app.database.db, sessionId));
}

export async function revokeAllSessions(app: Deps<'database' | 'io'>, userId: number): Promise<void> {
  disconnectSessions(app, await revokeUserSessionRows(app.database.db, userId));
}

/** Ends one of the account's own sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(
  app: Deps<'database' | 'io'>,
  userId: number,
  sessionId: number,
): Promise<boolean> {
  const revoked = await revokeOwnSessionRow(app.database.db, userId, sessionId);
  disconnectSessions(app, revoked);
  return revoked.length > 0;
}

/** Ends every session the account opened from one device, before the device is removed. */
export async function revokeDeviceSessions(
  app: Deps<'database' | 'io'>,
  userId: number,
  deviceId: number,
): Promise<void> {
  disconnectSessions(app, await revokeDeviceSessionRows(app.database.db, userId, deviceId));
}
