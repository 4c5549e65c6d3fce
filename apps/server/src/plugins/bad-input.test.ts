import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { joinPayloadSchema } from '@seguridad/contracts/realtime/call';
import { bearer, newSession } from '../testing/accounts';
import { demoKey, demoOperatorSession, insertCall, openDemoCompany } from '../testing/calls';
import { formOf, postForm, tinyFiles } from '../testing/multipart';
import { createTestApp, type TestContext } from '../testing/test-app';
import { chromeRecording } from '../testing/widget';

const truncatedUpload = {
  'content-type': 'multipart/form-data; boundary=frontera',
  payload: '--frontera\r\nContent-Disposition: form-data; name="attachment"; filename="a.png"\r\n\r\n\x89PNG',
};

describe('bad input answers 4xx in Spanish, never 500', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let adminId: number;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        VIDEO_CALLS_MAX: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
        WIDGET_SUBMISSIONS_MAX: '1000',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bad-input-')),
      },
    });
    await openDemoCompany(ctx);
    const session = await demoOperatorSession(ctx);
    admin = bearer(session.token);
    adminId = session.userId;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(ctx.config.dataDir, { recursive: true, force: true });
  });

  it.each([
    [
      '/api/attention/contact',
      { name: 'Ro\0sa', email: 'rosa@example.com', phone_number: '+56912345678', message: 'Hola' },
    ],
    [
      '/api/attention/contact',
      { name: 'Rosa', email: 'rosa@example.com', phone_number: '+56912345678', message: 'Ho\0la' },
    ],
    [
      '/api/v1/auth/signup',
      {
        name: 'Ro\0sa',
        lastname: 'Pérez',
        email: 'nul@example.com',
        password: 'una-clave-2026',
        password_confirmation: 'una-clave-2026',
      },
    ],
    ['/api/v1/auth/login', { email: 'ro\0sa@example.com', password: 'una-clave-2026' }],
    ['/api/v1/auth/resetpassrequest', { email: 'ro\0sa@example.com' }],
    ['/api/calls/videoCall', { from: 'https://municipio.example.cl/\0' }],
  ])('refuses a NUL character in %s', async (url, payload) => {
    const response = await ctx.app.inject({ method: 'POST', url, headers: demoKey, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, message: errorMessages.invalidCharacters });
  });

  it.each([
    ['POST', '/api/v1/operator/contacts/2147483648/handled'],
    ['POST', '/api/v1/operator/videoMails/2147483648/handled'],
    ['DELETE', '/api/v1/operator/specialities/2147483648'],
    ['GET', '/api/media/video-mails/2147483648/video'],
  ] as const)('refuses an id past the integer range: %s %s', async (method, url) => {
    const response = await ctx.app.inject({ method, url, headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(errorMessages.badRequest);
  });

  it('refuses a call id past the integer range in the socket join payload', () => {
    expect(joinPayloadSchema.safeParse({ roomName: 'x', videoCallID: 2_147_483_648 }).success).toBe(false);
  });

  it('refuses an empty company settings change', async () => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/operator/company',
      headers: admin,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContain(errorMessages.nothingToUpdate);
  });

  it('refuses multipart without a boundary or cut short on the video mail', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data', '--frontera\r\n'],
      [
        'multipart/form-data; boundary=frontera',
        '--frontera\r\nContent-Disposition: form-data; name="videoMail"; filename="v.webm"\r\n\r\n\x1aE',
      ],
      ['multipart/form-data; boundary=frontera', 'sin partes'],
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/calls/videoMail',
        headers: { ...demoKey, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(errorMessages.malformedForm);
    }
  });

  it('refuses multipart without a boundary or cut short on a call attachment', async () => {
    const { call } = await insertCall(ctx, { status: 'active', operatorId: adminId, acceptedAt: new Date() });
    const headers = { ...admin };
    for (const contentType of ['multipart/form-data', truncatedUpload['content-type']]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/calls/videoCall/${call.id}/publicAttachment`,
        headers: { ...headers, 'content-type': contentType },
        payload: truncatedUpload.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(errorMessages.malformedForm);
    }
  });

  it('answers a body that is not multipart with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/calls/videoMail',
      headers: { ...demoKey, 'content-type': 'text/plain' },
      payload: 'hola',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(errorMessages.unsupportedMediaType);
  });

  it('refuses a NUL character in a multipart field of a complete video mail', async () => {
    const form = formOf(
      {
        email: 'vecina@example.com',
        name: 'Ro\0sa',
        phone_number: '+56912345678',
        message: 'Hay un poste caído.',
        is_derived: 'true',
      },
      {
        videoMail: { bytes: chromeRecording, name: 'video.webm', type: 'video/webm' },
        thumbnail: { bytes: tinyFiles.png, name: 'thumb.png', type: 'image/png' },
      },
    );
    const response = await postForm(ctx, '/api/calls/videoMail', form, { headers: demoKey });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(errorMessages.invalidCharacters);
  });

  it('refuses a multipart boundary longer than the standard on every upload route', async () => {
    const boundary = 'b'.repeat(300);
    const citizen = bearer(await newSession(ctx, 'frontera-larga@example.com'));
    for (const [url, headers] of [
      ['/api/calls/videoMail', demoKey],
      ['/api/calls/videoMail/uploads', demoKey],
      ['/api/v1/user/update', citizen],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${boundary}--\r\n`,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(errorMessages.malformedForm);
    }
  });
});
