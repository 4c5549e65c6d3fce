import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SECURITY_LOG_RETENTION_DAYS } from '@seguridad/contracts/constants';
import { errorMessages, settingsTexts } from '@seguridad/contracts/messages';
import { securityEvents, users } from '../../db/schema';
import { bearer, login, postAs, signup, STRONG_PASSWORD } from '../../testing/accounts';
import { disconnected, useCallTestServer } from '../../testing/calls';
import type { TestContext } from '../../testing/test-app';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';

/** One account signed in from two browsers, each with its device id. */
async function accountOnTwoBrowsers(ctx: TestContext, email: string) {
  await signup(ctx, email);
  const signIn = async (userAgent: string, deviceId: string) => {
    const response = await login(ctx, email, STRONG_PASSWORD, { userAgent, deviceId });
    return response.json().access_token as string;
  };
  return {
    desktop: await signIn(CHROME_WINDOWS, `escritorio-${email}`),
    laptop: await signIn(FIREFOX_LINUX, `portatil-${email}`),
  };
}

type Device = {
  id: number;
  name: string | null;
  system: string | null;
  current: boolean;
  config: { fixed_to_panel: boolean };
};
type Session = {
  id: number;
  device: string;
  browser: string | null;
  system: string | null;
  place: null;
  current: boolean;
};

describe('devices, sessions and the security log', () => {
  const { server, ctx } = useCallTestServer();

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, ...(token ? { headers: bearer(token) } : {}) });
  const post = (url: string, token: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

  async function devicesOf(token: string): Promise<Device[]> {
    const response = await get('/api/v1/devices/getUserDevices', token);
    expect(response.statusCode).toBe(200);
    return response.json().devices;
  }
  async function sessionsOf(token: string): Promise<Session[]> {
    const response = await get('/api/v1/auth/sessions', token);
    expect(response.statusCode).toBe(200);
    return response.json().sessions;
  }

  it('lists the devices with the current one marked, and keeps the panel switch', async () => {
    const { desktop } = await accountOnTwoBrowsers(ctx, 'equipos@example.com');
    const devices = await devicesOf(desktop);
    expect(devices).toHaveLength(2);
    const current = devices.find((device) => device.current)!;
    expect(current).toMatchObject({ name: 'Chrome', system: 'Windows', config: { fixed_to_panel: false } });
    const saved = await post('/api/v1/devices/updateDeviceConfig', desktop, {
      device_id: current.id,
      fixed_to_panel: true,
    });
    expect(saved.json()).toEqual({ code: 200, message: settingsTexts.deviceConfigSaved });
    const again = await devicesOf(desktop);
    expect(again.find((device) => device.id === current.id)?.config.fixed_to_panel).toBe(true);
  });

  it('lists the live sessions, this one marked, with browser and system and no guessed place', async () => {
    const { desktop } = await accountOnTwoBrowsers(ctx, 'sesiones@example.com');
    const list = await sessionsOf(desktop);
    expect(list).toHaveLength(2);
    expect(list.find((session) => session.current)).toMatchObject({
      browser: 'Chrome',
      system: 'Windows',
      place: null,
    });
    expect(list.find((session) => !session.current)).toMatchObject({ browser: 'Firefox', system: 'Linux' });
  });

  it('revoking one session ends its bearer token and its socket, and leaves this one alone', async () => {
    const { desktop, laptop } = await accountOnTwoBrowsers(ctx, 'cerrar-una@example.com');
    const laptopSocket = await server.connectConsole(laptop);
    const desktopSocket = await server.connectConsole(desktop);
    const other = (await sessionsOf(desktop)).find((session) => !session.current)!;
    const closing = disconnected(laptopSocket);
    const revoked = await post('/api/v1/auth/sessions/revoke', desktop, { session_id: other.id });
    expect(revoked.json()).toEqual({ code: 200, message: settingsTexts.sessionRevoked });
    expect(await closing).toBe(true);
    expect((await get('/api/v1/user/info', laptop)).statusCode).toBe(401);
    expect((await get('/api/v1/user/info', desktop)).statusCode).toBe(200);
    expect(await disconnected(desktopSocket, 300)).toBe(false);
    expect(await sessionsOf(desktop)).toHaveLength(1);
    const twice = await post('/api/v1/auth/sessions/revoke', desktop, { session_id: other.id });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(settingsTexts.sessionNotFound);
  });

  it('deleting a device ends its sessions and sockets, and forgets it', async () => {
    const { desktop, laptop } = await accountOnTwoBrowsers(ctx, 'quitar-equipo@example.com');
    const laptopSocket = await server.connectConsole(laptop);
    const laptopDevice = (await devicesOf(desktop)).find((device) => !device.current)!;
    const closing = disconnected(laptopSocket);
    const removed = await post('/api/v1/devices/deleteDevice', desktop, { device_id: laptopDevice.id });
    expect(removed.json()).toEqual({ code: 200, message: settingsTexts.deviceRemoved });
    expect(await closing).toBe(true);
    expect((await get('/api/v1/user/info', laptop)).statusCode).toBe(401);
    expect((await devicesOf(desktop)).map((device) => device.id)).not.toContain(laptopDevice.id);
    const again = await post('/api/v1/devices/deleteDevice', desktop, { device_id: laptopDevice.id });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(settingsTexts.deviceNotFound);
  });

  it("answers 404, not 403, to another account's device and session ids, and changes nothing", async () => {
    const owner = await accountOnTwoBrowsers(ctx, 'duena@example.com');
    const intruder = await accountOnTwoBrowsers(ctx, 'intrusa@example.com');
    const device = (await devicesOf(owner.desktop))[0]!;
    const session = (await sessionsOf(owner.desktop)).find((row) => !row.current)!;

    const attempts = [
      await post('/api/v1/devices/updateDeviceConfig', intruder.desktop, {
        device_id: device.id,
        fixed_to_panel: true,
      }),
      await post('/api/v1/devices/deleteDevice', intruder.desktop, { device_id: device.id }),
      await post('/api/v1/auth/sessions/revoke', intruder.desktop, { session_id: session.id }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404]);
    expect((await devicesOf(owner.desktop)).find((row) => row.id === device.id)?.config.fixed_to_panel).toBe(
      false,
    );
    expect((await get('/api/v1/user/info', owner.laptop)).statusCode).toBe(200);
    // Each list shows its own account's rows only.
    const intruderDevices = await devicesOf(intruder.desktop);
    expect(intruderDevices.map((row) => row.id)).not.toContain(device.id);
    const intruderSessions = await sessionsOf(intruder.desktop);
    expect(intruderSessions.map((row) => row.id)).not.toContain(session.id);
  });

  it('refuses bad ids and bodies with the Spanish message, and anonymous calls with 401', async () => {
    const { desktop } = await accountOnTwoBrowsers(ctx, 'entradas@example.com');
    for (const [url, payload] of [
      ['/api/v1/devices/updateDeviceConfig', { device_id: 'uno', fixed_to_panel: true }],
      ['/api/v1/devices/updateDeviceConfig', { device_id: 1 }],
      ['/api/v1/devices/deleteDevice', { device_id: 2_147_483_648 }],
      ['/api/v1/auth/sessions/revoke', { session_id: -1 }],
      ['/api/v1/auth/sessions/revoke', {}],
    ] as const) {
      const response = await post(url, desktop, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(errorMessages.badRequest);
    }
    for (const url of [
      '/api/v1/devices/getUserDevices',
      '/api/v1/auth/sessions',
      '/api/v1/auth/securityLog',
    ]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it('the security log records what happened to the account, and only to it', async () => {
    const { desktop } = await accountOnTwoBrowsers(ctx, 'registro@example.com');
    const stranger = await accountOnTwoBrowsers(ctx, 'registro-otra@example.com');
    const other = (await sessionsOf(desktop)).find((session) => !session.current)!;
    await post('/api/v1/auth/sessions/revoke', desktop, { session_id: other.id });
    const signedInAgain = await login(ctx, 'registro@example.com', STRONG_PASSWORD, {
      userAgent: FIREFOX_LINUX,
      deviceId: 'otro-portatil',
    });
    expect(signedInAgain.statusCode).toBe(200);
    const device = (await devicesOf(desktop)).find((row) => !row.current && row.name === 'Firefox')!;
    await post('/api/v1/devices/deleteDevice', desktop, { device_id: device.id });
    await postAs(ctx, stranger.desktop, '/api/v1/auth/accountResetRequest');

    const log = await get('/api/v1/auth/securityLog', desktop);
    const kinds = (log.json().events as { kind: string; detail: string | null }[]).map((event) => event.kind);
    expect(kinds).toEqual(['device_removed', 'sign_in', 'session_revoked', 'sign_in', 'sign_in']);
    expect(log.json().events[2].detail).toBe('Firefox en Linux');

    const strangerLog = await ctx.database.db
      .select({ kind: securityEvents.kind })
      .from(securityEvents)
      .innerJoin(users, eq(users.id, securityEvents.userId))
      .where(eq(users.email, 'registro-otra@example.com'));
    expect(strangerLog.map((event) => event.kind)).toContain('account_reset_requested');
    expect(kinds).not.toContain('account_reset_requested');
  });

  it(`forgets entries older than ${SECURITY_LOG_RETENTION_DAYS} days`, async () => {
    const { desktop } = await accountOnTwoBrowsers(ctx, 'antiguo@example.com');
    const old = new Date(Date.now() - (SECURITY_LOG_RETENTION_DAYS + 1) * 24 * 60 * 60 * 1000);
    const [owner] = await ctx.database.db.select().from(users).where(eq(users.email, 'antiguo@example.com'));
    const userId = owner!.id;
    const [ancient] = await ctx.database.db
      .insert(securityEvents)
      .values({ userId, kind: 'sign_in', detail: 'antiguo', createdAt: old })
      .returning({ id: securityEvents.id });
    await get('/api/v1/auth/securityLog', desktop);
    const left = await ctx.database.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.id, ancient!.id));
    expect(left).toEqual([]);
  });
});
