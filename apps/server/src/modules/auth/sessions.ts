import { and, eq, isNull } from 'drizzle-orm';
import type { DeviceInfo } from '@seguridad/contracts/http/auth';
import type { Database } from '../../db/client';
import { devices, sessions } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export type SignInDevice = { id: number; isNew: boolean; isFirst: boolean; description: DeviceDescription };
export type DeviceDescription = {
  name: string | null;
  brand: string | null;
  model: string | null;
  system: string | null;
};

/**
 * The device a sign-in comes from: the client's own device id when it sends one (the website keeps
 * a random id in local storage; the app sends its device id), otherwise its user agent.
 */
export async function recordSignInDevice(
  db: Database,
  userId: number,
  info: DeviceInfo | undefined,
  userAgent: string | undefined,
): Promise<SignInDevice> {
  const fingerprint = hashToken(info?.id ? `id:${info.id}` : `ua:${userAgent ?? 'desconocido'}`);
  const description: DeviceDescription = {
    name: info?.name ?? null,
    brand: info?.brand ?? null,
    model: info?.model ?? null,
    system: info?.system ?? null,
  };
  const known = await db
    .select({ id: devices.id, fingerprint: devices.fingerprint })
    .from(devices)
    .where(eq(devices.userId, userId));
  const existing = known.find((device) => device.fingerprint === fingerprint);
  if (existing) {
    await db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, existing.id));
    return { id: existing.id, isNew: false, isFirst: false, description };
  }
  const [created] = await db
    .insert(devices)
    .values({
      userId,
      fingerprint,
      ...description,
      systemVersion: info?.system_version ?? null,
      userAgent: userAgent?.slice(0, 400) ?? null,
    })
    .onConflictDoUpdate({ target: [devices.userId, devices.fingerprint], set: { lastSeenAt: new Date() } })
    .returning({ id: devices.id });
  return { id: created!.id, isNew: true, isFirst: known.length === 0, description };
}

/** Opens a session and returns its bearer token; only the token's hash is stored. */
export async function openSession(
  db: Database,
  userId: number,
  deviceId: number | null,
  userAgent: string | undefined,
): Promise<string> {
  const token = newToken();
  await db
    .insert(sessions)
    .values({ userId, deviceId, tokenHash: hashToken(token), userAgent: userAgent?.slice(0, 400) });
  return token;
}

export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Database, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
