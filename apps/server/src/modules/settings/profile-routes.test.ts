import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@seguridad/contracts/constants';
import { errorMessages, settingsTexts, validationMessages } from '@seguridad/contracts/messages';
import { companyMembers, users } from '../../db/schema';
import { openDatabase } from '../../db/client';
import { bearer, getAs, newSession, postAs } from '../../testing/accounts';
import { formOf, multipartPayload, pngChunk, postForm, realJpeg, realPng } from '../../testing/multipart';
import { createTestApp, useTempDir, useTestApp, type TestContext } from '../../testing/test-app';
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
  return postForm(ctx, '/api/v1/user/update', formOf(fields, avatar ? { avatar } : {}), {
    headers: bearer(token),
  });
}

/** The bytes the server serves as the account's avatar. */
async function servedAvatar(ctx: TestContext, token: string): Promise<Buffer> {
  const link = (await userInfo(ctx, token)).profile.avatar_link!;
  const served = await ctx.app.inject({ method: 'GET', url: link });
  expect(served.statusCode).toBe(200);
  return served.rawPayload;
}

async function userInfo(ctx: TestContext, token: string) {
  const response = await getAs(ctx, token, '/api/v1/user/info');
  expect(response.statusCode).toBe(200);
  return response.json().user as { id: number; email: string; profile: Record<string, string | null> };
}

describe('the account section: profile, avatar, settings', () => {
  const dataDir = useTempDir('seguridad-profile-');
  // Every test signs up accounts of its own from one address.
  const ctx = useTestApp({ env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '100' } });

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
    const json = await postAs(ctx, token, '/api/v1/user/update', profile);
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

  it('stores a real PNG and a real JPEG as pictures encoded anew, and serves them back inert', async () => {
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
      // Not the uploaded bytes: the JPEG's comment (the encoder's name) is gone with them.
      expect(served.rawPayload.equals(bytes)).toBe(false);
      expect(served.rawPayload.toString('latin1')).not.toContain('Lavc');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 2,
        height: 2,
      });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe('inline');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it("keeps nothing of a phone photo but its pixels: no GPS, no motion photo's video, upright", async () => {
    const token = await newSession(ctx, 'avatar-telefono@example.com');
    // A portrait taken sideways: stored 60×40 with orientation 6 (turn 90° clockwise to view).
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#4060a0' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Telefono' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '33/1 27/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '70/1 40/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    // The EXIF block holds the maker and a GPS position (the GPS IFD pointer, tag 0x8825).
    const gpsPointer = (bytes: Buffer) =>
      bytes.includes(Buffer.from([0x88, 0x25])) || bytes.includes(Buffer.from([0x25, 0x88]));
    expect(photo.toString('latin1')).toContain('Telefono');
    expect(gpsPointer(photo)).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    // A motion photo appends its video after the JPEG's end.
    const motionPhoto = Buffer.concat([photo, Buffer.from('ftypmp42 video-de-la-casa-de-ana', 'latin1')]);
    const saved = await updateProfile(ctx, token, profile, {
      bytes: motionPhoto,
      type: 'image/jpeg',
      name: 'a.jpg',
    });
    expect(saved.statusCode).toBe(200);
    const stored = await servedAvatar(ctx, token);
    const text = stored.toString('latin1');
    expect(text).not.toMatch(/Exif|Telefono|video-de-la-casa|ftyp/);
    expect(gpsPointer(stored)).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 40, height: 60 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('drops the unknown chunks of a PNG and scales a large picture down', async () => {
    const token = await newSession(ctx, 'avatar-png@example.com');
    const png = await sharp({ create: { width: 1200, height: 900, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const iend = png.length - 12;
    const withChunk = Buffer.concat([
      png.subarray(0, iend),
      pngChunk('prVt', Buffer.from('calle secreta 123', 'latin1')),
      png.subarray(iend),
    ]);
    const saved = await updateProfile(ctx, token, profile, {
      bytes: withChunk,
      type: 'image/png',
      name: 'a.png',
    });
    expect(saved.statusCode).toBe(200);
    const stored = await servedAvatar(ctx, token);
    expect(stored.toString('latin1')).not.toMatch(/prVt|calle secreta/);
    expect(await sharp(stored).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 384,
      hasAlpha: true,
    });
  });

  it('refuses a picture that declares more pixels than it may decode', async () => {
    const token = await newSession(ctx, 'avatar-bomba@example.com');
    const header = Buffer.alloc(13);
    header.writeUInt32BE(30_000, 0);
    header.writeUInt32BE(30_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    const response = await updateProfile(ctx, token, profile, {
      bytes: bomb,
      type: 'image/png',
      name: 'b.png',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(settingsTexts.avatarWrongType);
    expect((await userInfo(ctx, token)).profile.avatar_link).toBeNull();
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
    const initial = await getAs(ctx, owner, '/api/v1/user/settings');
    expect(initial.json()).toEqual({
      code: 200,
      camera_sharing: { share_with_network: false, share_with_operators: false },
      two_factor_pending: true,
    });
    const saved = await postAs(ctx, owner, '/api/v1/user/updateCameraSharing', {
      share_with_network: true,
      share_with_operators: false,
    });
    expect(saved.json()).toEqual({ code: 200, message: settingsTexts.cameraSharingSaved });
    const after = await getAs(ctx, owner, '/api/v1/user/settings');
    expect(after.json().camera_sharing).toEqual({ share_with_network: true, share_with_operators: false });
    const others = await getAs(ctx, other, '/api/v1/user/settings');
    expect(others.json().camera_sharing).toEqual({ share_with_network: false, share_with_operators: false });

    const bad = await postAs(ctx, owner, '/api/v1/user/updateCameraSharing', { share_with_network: 'sí' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(errorMessages.badRequest);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/settings' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.runIf(testEngine() === 'pglite')('the profile on disk', () => {
  const dataDir = useTempDir('seguridad-profile-restart-');

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
