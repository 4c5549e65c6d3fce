import { userAgentName } from '@seguridad/contracts/helpers/user-agent';
import { recordSecurityEvent } from '../identity/security-event-queries';
import { revokeDeviceSessions } from '../identity/session-service';
import { deleteOwnDevice, ownDevice } from './device-queries';
import type { Deps } from '../../lib/dependencies';

/**
 * Removes one of the account's devices: its sessions end first (their sockets close), so a removed
 * device is signed out, not just hidden. Signing in from it again makes it a new device.
 */
export async function removeDevice(
  app: Deps<'database' | 'io'>,
  userId: number,
  deviceId: number,
): Promise<boolean> {
  const db = app.database.db;
  const device = await ownDevice(db, userId, deviceId);
  if (!device) return false;
  await revokeDeviceSessions(app, userId, deviceId);
  if (!(await deleteOwnDevice(db, userId, deviceId))) return false;
  await recordSecurityEvent(db, userId, 'device_removed', device.name ?? userAgentName(device.userAgent));
  return true;
}
