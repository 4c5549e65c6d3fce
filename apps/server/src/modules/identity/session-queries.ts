import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from '@seguridad/contracts/constants';
import type { DeviceInfo } from '@seguridad/contracts/http/auth';
import type { Database } from '../../db/client';
import { devices, sessions, users } from '../../db/schema';
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

/** The Socket.IO room of one session's sockets, so revoking the session can close them anywhere. */
export function sessionRoom(sessionId: number): string {
  return `session:${sessionId}`;
}

/** Not revoked, used within the idle lifetime and younger than the absolute one. */
function liveSession(now: Date) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_TTL_MS)),
    gt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_TTL_MS)),
  );
}

/**
 * The live session of a bearer token with its user: not revoked, used within the idle lifetime
 * and younger than the absolute one. Its `last_used_at` is moved on at most once a minute.
 */
export async function findActiveSession(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      /** When this session signed in. */
      signedInAt: sessions.createdAt,
      /** The device it signed in from, named in the alerts its changes send the owner. */
      deviceId: sessions.deviceId,
      id: users.id,
      email: users.email,
      name: users.name,
      lastname: users.lastname,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), liveSession(now)))
    .limit(1);
  if (!row) return undefined;
  const { lastUsedAt, ...session } = row;
  if (now.getTime() - lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(sessions.id, row.sessionId),
          lt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS)),
        ),
      );
  }
  return session;
}

/** Revokes the given session; returns its id if it was still live. */
export async function revokeSessionRow(db: Database, sessionId: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Revokes every live session of a user; returns their ids. */
export async function revokeUserSessionRows(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** The account's live sessions with the device each signed in from, newest use first. */
export async function liveSessionsOf(db: Database, userId: number, now = new Date()) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      deviceId: sessions.deviceId,
      deviceName: devices.name,
    })
    .from(sessions)
    .leftJoin(devices, eq(devices.id, sessions.deviceId))
    .where(and(eq(sessions.userId, userId), liveSession(now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
}

/** The device a session signed in from (null when unknown or removed). */
export async function deviceOfSession(db: Database, sessionId: number): Promise<number | null> {
  const [row] = await db
    .select({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.deviceId ?? null;
}

/**
 * Revokes one of the account's sessions; returns its id if it was still live. Another account's
 * session id matches nothing, exactly like an unknown one.
 */
export async function revokeOwnSessionRow(
  db: Database,
  userId: number,
  sessionId: number,
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

/** Revokes every live session the account opened from one device; returns their ids. */
export async function revokeDeviceSessionRows(
  db: Database,
  userId: number,
  deviceId: number,
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}
