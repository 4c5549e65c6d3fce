import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@seguridad/contracts/constants';
import { errorMessages, settingsTexts, validationMessages } from '@seguridad/contracts/messages';
import { companyMembers, users } from '../../db/schema';
import { openDatabase } from '../../db/client';
import { bearer, newSession } from '../../testing/accounts';
import { multipartPayload, realJpeg, realPng } from '../../testing/multipart';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { migrateAndSeed, testEngine } from '../../testing/test-database';

const profile = {
  name: 'Rosa',
  lastname: 'Pérez',
  phone: '56912345678',
  rut: '12.345.678-5',
  address: 'Av. Siempre Viva 742',
};

async function updateProfile(
  ctx: TestContext,
  token: string,
  fields: Record<string, string>,
  avatar?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (avatar) form.append('avatar', new Blob([avatar.bytes], { type: avatar.type }), avatar.name);
  const { payload, headers } = await multipartPayload(form);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/update',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

async function userInfo(ctx: TestContext, token: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().user as { id: number; email: string; profile: Record<string, string | null> };
}

describe('the account section: profile, avatar, settings', () => {
  let ctx: TestContext;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'seguridad-profile-'));
    ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves the profile with the server message, the RUT canonical and the phone as digits', async () => {
    const token = await newSession(ctx, 'perfil@example.com');
    const response = await updateProfile(ctx, token, profile);
    expect(response.json()).toEqual({ code: 200, message: settingsTexts.profileSaved });
    const user = await userInfo(ctx, token);
    expect(user.profile).toEqual({
      name: 'Rosa',
      lastname: 'Pérez',
      phone: '56912345678',
      rut: '12345678-5',
      address: 'Av. Siempre Viva 742',
      avatar_link: null,
    });
    // One canonical form in the database: E.164 (decision 011).
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.phone).toBe('+56912345678');
  });

  it('clears the optional fields when they come empty', async () => {
    const token = await newSession(ctx, 'vaciar@example.com');
    await updateProfile(ctx, token, profile);
    const response = await updateProfile(ctx, token, {
      name: 'Rosa',
      lastname: 'Pérez',
      phone: '',
      rut: '',
      address: '',
    });
    expect(response.statusCode).toBe(200);
    const user = await userInfo(ctx, token);
    expect(user.profile).toMatchObject({ phone: null, rut: null, address: null });
  });

  it.each([
    [{ ...profile, rut: '12.345.678-9' }, validationMessages.rutInvalid],
    [{ ...profile, rut: 'hola' }, validationMessages.rutInvalid],
    [{ ...profile, phone: '56 9 1234' }, validationMessages.digitsOnly],
    [{ ...profile, phone: '569123456789' }, validationMessages.digitsOnly],
    [{ ...profile, name: '' }, validationMessages.required],
    [{ lastname: 'Pérez' }, validationMessages.required],
  ])('refuses bad fields with the Spanish message (%o)', async (fields, message) => {
    const token = await newSession(ctx, `malo-${Math.random().toString(36).slice(2)}@example.com`);
    const response = await updateProfile(ctx, token, fields);
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContain(message);
  });

  it('refuses a JSON body and a call without a session', async () => {
    const token = await newSession(ctx, 'json@example.com');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/update',
      headers: bearer(token),
      payload: profile,
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(errorMessages.unsupportedMediaType);
    const form = new FormData();
    form.append('name', 'X');
    const { payload, headers } = await multipartPayload(form);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/user/update', headers, payload });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ignores every field the form does not own (mass assignment)', async () => {
    const token = await newSession(ctx, 'masivo@example.com');
    const before = await userInfo(ctx, token);
    const response = await updateProfile(ctx, token, {
      ...profile,
      id: '1',
      user_id: '1',
      email: 'otro@example.com',
      role: 'admin',
      company_id: '1',
      password_hash: 'x',
      passwordHash: 'x',
      confirmed: 'true',
      spins: '99',
    });
    expect(response.statusCode).toBe(200);
    const after = await userInfo(ctx, token);
    expect(after.id).toBe(before.id);
    expect(after.email).toBe('masivo@example.com');
    const memberships = await ctx.database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, before.id));
    expect(memberships).toEqual([]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, before.id));
    expect(row?.passwordHash).not.toBe('x');
    // The seeded account with id 1 was not touched either.
    const [first] = await ctx.database.db.select().from(users).where(eq(users.id, 1));
    expect(first?.email).not.toBe('otro@example.com');
  });

  it('stores a real PNG and a real JPEG and serves them back inert', async () => {
    const token = await newSession(ctx, 'avatar@example.com');
    for (const [bytes, type, name] of [
      [realPng(), 'image/png', 'yo.png'],
      [realJpeg, 'image/jpeg', 'yo.jpg'],
    ] as const) {
      const saved = await updateProfile(ctx, token, profile, { bytes, type, name });
      expect(saved.statusCode).toBe(200);
      const link = (await userInfo(ctx, token)).profile.avatar_link!;
      expect(link).toMatch(/^\/api\/v1\/user\/avatar\/[A-Za-z0-9_-]{22}$/);
      const served = await ctx.app.inject({ method: 'GET', url: link });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe('inline');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('gives a new address to a new avatar and forgets the old one', async () => {
    const token = await newSession(ctx, 'avatar-nuevo@example.com');
    await updateProfile(ctx, token, profile, { bytes: realPng(), type: 'image/png', name: 'a.png' });
    const first = (await userInfo(ctx, token)).profile.avatar_link!;
    await updateProfile(ctx, token, profile, { bytes: realPng(3), type: 'image/png', name: 'b.png' });
    const second = (await userInfo(ctx, token)).profile.avatar_link!;
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    // Saving the profile without a file keeps the avatar.
    await updateProfile(ctx, token, profile);
    expect((await userInfo(ctx, token)).profile.avatar_link).toBe(second);
  });

  it.each([
    [
      'an HTML page renamed .jpg',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'image/jpeg',
      'foto.jpg',
      415,
    ],
    [
      'an SVG renamed .jpg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
      'image/jpeg',
      'foto.jpg',
      415,
    ],
    ['an empty file', Buffer.alloc(0), 'image/png', 'vacia.png', 415],
    [
      'a 6 MB image',
      Buffer.concat([realPng(), Buffer.alloc(6 * 1024 * 1024)]),
      'image/png',
      'grande.png',
      413,
    ],
  ])('refuses %s and keeps the profile as it was', async (_label, bytes, type, name, status) => {
    const token = await newSession(ctx, `mal-avatar-${Math.random().toString(36).slice(2)}@example.com`);
    const response = await updateProfile(ctx, token, { ...profile, name: 'Cambiado' }, { bytes, type, name });
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(
      status === 413 ? settingsTexts.avatarTooLarge : settingsTexts.avatarWrongType,
    );
    const user = await userInfo(ctx, token);
    expect(user.profile.avatar_link).toBeNull();
    expect(user.profile.name).toBe('Rosa');
  });

  it('accepts an avatar of exactly the largest size', async () => {
    const token = await newSession(ctx, 'avatar-limite@example.com');
    const png = realPng();
    const bytes = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    const response = await updateProfile(ctx, token, profile, {
      bytes,
      type: 'image/png',
      name: 'justo.png',
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for an avatar address nobody was given', async () => {
    const guessed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/avatar/AAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(guessed.statusCode).toBe(404);
    const byId = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/avatar/1' });
    expect([400, 404]).toContain(byId.statusCode);
  });

  it('shares cameras with nobody until the owner says so, and each account has its own choice', async () => {
    const owner = await newSession(ctx, 'camaras@example.com');
    const other = await newSession(ctx, 'camaras-otra@example.com');
    const initial = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: bearer(owner),
    });
    expect(initial.json()).toEqual({
      code: 200,
      camera_sharing: { share_with_network: false, share_with_operators: false },
      two_factor_pending: true,
    });
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/updateCameraSharing',
      headers: bearer(owner),
      payload: { share_with_network: true, share_with_operators: false },
    });
    expect(saved.json()).toEqual({ code: 200, message: settingsTexts.cameraSharingSaved });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: bearer(owner),
    });
    expect(after.json().camera_sharing).toEqual({ share_with_network: true, share_with_operators: false });
    const others = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/settings',
      headers: bearer(other),
    });
    expect(others.json().camera_sharing).toEqual({ share_with_network: false, share_with_operators: false });

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/updateCameraSharing',
      headers: bearer(owner),
      payload: { share_with_network: 'sí' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(errorMessages.badRequest);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/settings' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.runIf(testEngine() === 'pglite')('the profile on disk', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'seguridad-profile-restart-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('survives a restart of the server', async () => {
    const first = await openDatabase({ dataDir });
    await migrateAndSeed(first);
    const before = await createTestApp({ env: { DATA_DIR: dataDir }, database: first });
    const token = await newSession(before, 'reinicio@example.com');
    await updateProfile(before, token, profile, { bytes: realPng(), type: 'image/png', name: 'a.png' });
    await before.close();
    await first.close();

    const second = await openDatabase({ dataDir });
    const after = await createTestApp({ env: { DATA_DIR: dataDir }, database: second });
    try {
      const user = await userInfo(after, token);
      expect(user.profile).toMatchObject({ name: 'Rosa', rut: '12345678-5', phone: '56912345678' });
      const avatar = await after.app.inject({ method: 'GET', url: user.profile.avatar_link! });
      expect(avatar.statusCode).toBe(200);
    } finally {
      await after.close();
      await second.close();
    }
  }, 60_000);
});
