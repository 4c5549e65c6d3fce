import { and, desc, eq } from 'drizzle-orm';
import type { SettingsDevice } from '@seguridad/contracts/http/settings';
import type { Database } from '../../db/client';
import { devices } from '../../db/schema';
import { parseUserAgent } from '@seguridad/contracts/helpers/user-agent';

/**
 * The account's devices as the settings page shows them. A browser sends no brand or model: its
 * system and browser come from the user agent it signed in with.
 */
export async function devicesOf(
  db: Database,
  userId: number,
  currentDeviceId: number | null,
): Promise<SettingsDevice[]> {
  const rows = await db
    .select()
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(desc(devices.lastSeenAt), desc(devices.id));
  return rows.map((row) => {
    const agent = parseUserAgent(row.userAgent);
    return {
      id: row.id,
      name: row.name ?? agent.browser ?? null,
      brand: row.brand,
      model: row.model,
      system: row.system ?? agent.system ?? null,
      system_version: row.systemVersion,
      config: { fixed_to_panel: row.fixedToPanel },
      last_seen_at: row.lastSeenAt.toISOString(),
      current: row.id === currentDeviceId,
    };
  });
}

/** Sets the panel switch of one of the account's devices; false when the device is not theirs. */
export async function setFixedToPanel(
  db: Database,
  userId: number,
  deviceId: number,
  fixedToPanel: boolean,
): Promise<boolean> {
  const updated = await db
    .update(devices)
    .set({ fixedToPanel })
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .returning({ id: devices.id });
  return updated.length > 0;
}

/** One of the account's devices; undefined for another account's, like an unknown one. */
export async function ownDevice(db: Database, userId: number, deviceId: number) {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)));
  return row;
}

export async function deleteOwnDevice(db: Database, userId: number, deviceId: number): Promise<boolean> {
  const removed = await db
    .delete(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .returning({ id: devices.id });
  return removed.length > 0;
}
