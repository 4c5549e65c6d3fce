import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorMessages, validationMessages, widgetTexts } from '@seguridad/contracts/messages';
import { companies, contactMessages, outboxMessages, videoMails } from '../../db/schema';
import { DEMO_COMPANY_KEY, QUICK_EXIT } from '@seguridad/contracts/constants';
import { readWebmDurationMs } from '../../integrations/storage/ebml-elements';
import { useTestApp } from '../../testing/test-app';
import { formOf, multipartPayload, postForm, tinyFiles, uploadedFiles } from '../../testing/multipart';

const fixture = (name: string) =>
  readFileSync(new URL(`../../integrations/storage/__fixtures__/${name}`, import.meta.url));
const recording = fixture('chrome-recording.webm');
const CUES = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
const key = { 'company-key': DEMO_COMPANY_KEY };

function videoMailForm(
  overrides: { video?: Buffer; thumbnail?: Buffer; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  const fields = {
    email: 'vecina@example.com',
    name: 'Rosa Pérez',
    phone_number: '+56912345678',
    message: 'Hay un poste de luz caído en mi pasaje.',
    is_derived: 'true',
    ...overrides.fields,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (overrides.video !== undefined || !overrides.fields?.skipVideo) {
    form.append('videoMail', new Blob([overrides.video ?? recording], { type: 'video/webm' }), 'video.webm');
  }
  form.append(
    'thumbnail',
    new Blob([overrides.thumbnail ?? tinyFiles.png], { type: 'image/png' }),
    'thumb.png',
  );
  return form;
}

describe('widget calls', () => {
  const ctx = useTestApp({ env: { DATA_DIR: `/tmp/widget-test-${process.pid}-${Date.now()}` } });

  it('reports the services and whether the centre is open now', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/company/serviceStatus', headers: key });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        callBack: true,
        videoCall: true,
        videoMail: true,
        working_hours: true,
        quickExitUrl: QUICK_EXIT.defaultUrl,
      },
    });
    await ctx.database.db.update(companies).set({ videoMailEnabled: false, workingHours: [] });
    ctx.app.forgetCompanyCache();
    const closed = await ctx.app.inject({ method: 'GET', url: '/api/company/serviceStatus', headers: key });
    expect(closed.json().data).toEqual({
      callBack: false,
      videoCall: true,
      videoMail: false,
      working_hours: false,
      quickExitUrl: QUICK_EXIT.defaultUrl,
    });
    await ctx.database.db.update(companies).set({
      videoMailEnabled: true,
      workingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
    });
    ctx.app.forgetCompanyCache();
  });

  it('refuses a wrong key without touching anything', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/attention/contact',
      headers: { 'company-key': 'pk_falsa_000000000000' },
      payload: { name: 'A', email: 'a@example.com', phone_number: '+56912345678', message: 'Hola' },
    });
    expect(response.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(contactMessages)).toEqual([]);
  });

  it('stores a contact message and e-mails the company inbox', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/attention/contact',
      headers: key,
      payload: {
        name: 'Juan Soto',
        email: 'juan@example.com',
        phone_number: '+56987654321',
        message: 'Quiero saber cómo funciona la app.',
      },
    });
    expect(response.json()).toEqual({ success: true });
    const [stored] = await ctx.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ name: 'Juan Soto', phone: '+56987654321' });
    const [mail] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'central@example.com'));
    expect(mail?.text).toContain('Quiero saber cómo funciona la app.');
  });

  it.each([
    [
      { name: '', email: 'a@example.com', phone_number: '+56912345678', message: 'x' },
      validationMessages.requiredText,
    ],
    [
      { name: 'A', email: '', phone_number: '+56912345678', message: 'x' },
      validationMessages.widgetEmailRequired,
    ],
    [
      { name: 'A', email: 'a@b', phone_number: '+56912345678', message: 'x' },
      validationMessages.widgetEmailInvalid,
    ],
    [
      { name: 'A', email: 'a@example.com', phone_number: '+569', message: 'x' },
      widgetTexts.contactPhoneInvalid,
    ],
    [
      { name: 'A', email: 'a@example.com', phone_number: '+56912345678', message: '  ' },
      validationMessages.requiredText,
    ],
  ])('answers bad contact input %# with the spec message', async (payload, message) => {
    const remoteAddress = `10.66.0.${Math.floor(Math.random() * 250)}`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/attention/contact',
      headers: key,
      payload,
      remoteAddress,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContain(message);
  });

  it('stores a video mail with its duration written, and its thumbnail', async () => {
    const response = await postForm(ctx, '/api/calls/videoMail', videoMailForm(), { headers: key });
    expect(response.statusCode).toBe(200);
    const [stored] = await ctx.database.db.select().from(videoMails);
    expect(stored).toMatchObject({
      name: 'Rosa Pérez',
      isDerived: true,
      videoMime: 'video/webm',
      thumbnailMime: 'image/png',
    });
    expect(stored!.durationMs).toBeGreaterThan(1500);
    const file = readFileSync(path.join(ctx.config.dataDir, 'uploads', stored!.videoKey));
    expect(readWebmDurationMs(file)).toBeGreaterThan(1500);
    expect(stored!.videoKey).not.toContain('video.webm');
  });

  it('stores a Firefox video mail with its real duration and cues, and a Safari-style MP4 in fast-start order', async () => {
    for (const [video, mime] of [
      [fixture('firefox-recording.webm'), 'video/webm'],
      [fixture('moov-at-end.mp4'), 'video/mp4'],
    ] as const) {
      const name = `Remitente ${mime}`;
      const response = await postForm(
        ctx,
        '/api/calls/videoMail',
        videoMailForm({ video, fields: { name } }),
        { headers: key, remoteAddress: '10.88.0.1' },
      );
      expect(response.statusCode).toBe(200);
      const [stored] = await ctx.database.db.select().from(videoMails).where(eq(videoMails.name, name));
      expect(stored).toMatchObject({ videoMime: mime });
      expect(stored!.durationMs).toBeGreaterThan(1800);
      expect(stored!.durationMs).toBeLessThan(3000);
      const file = readFileSync(path.join(ctx.config.dataDir, 'uploads', stored!.videoKey));
      if (mime === 'video/webm') {
        expect(readWebmDurationMs(file)).toBeGreaterThan(1800);
        expect(file.includes(CUES)).toBe(true);
      } else {
        expect(file.indexOf('moov')).toBeLessThan(file.indexOf('mdat'));
      }
    }
  });

  it('refuses an MP4 without its index (415): nobody could play it', async () => {
    const mp4 = fixture('moov-at-end.mp4');
    const withoutIndex = mp4.subarray(0, mp4.indexOf('moov') - 4);
    const response = await postForm(ctx, '/api/calls/videoMail', videoMailForm({ video: withoutIndex }), {
      headers: key,
      remoteAddress: '10.88.0.2',
    });
    expect(response.statusCode).toBe(415);
  });

  it('refuses a file that is not what it claims (415) and keeps nothing', async () => {
    const before = uploadedFiles(ctx.config.dataDir).length;
    const response = await postForm(ctx, '/api/calls/videoMail', videoMailForm({ video: tinyFiles.pdf }), {
      headers: key,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(errorMessages.unsupportedMediaType);
    expect(uploadedFiles(ctx.config.dataDir).length).toBe(before);
  });

  it('refuses an oversized thumbnail (413) and keeps nothing, not even the video already written', async () => {
    const before = uploadedFiles(ctx.config.dataDir).length;
    const rows = (await ctx.database.db.select().from(videoMails)).length;
    const bigImage = Buffer.concat([tinyFiles.jpeg, Buffer.alloc(3 * 1024 * 1024)]);
    const response = await postForm(ctx, '/api/calls/videoMail', videoMailForm({ thumbnail: bigImage }), {
      headers: key,
    });
    expect(response.statusCode).toBe(413);
    expect(uploadedFiles(ctx.config.dataDir).length).toBe(before);
    expect((await ctx.database.db.select().from(videoMails)).length).toBe(rows);
  });

  it('keeps nothing from an upload cut off halfway', async () => {
    const before = uploadedFiles(ctx.config.dataDir).length;
    const { payload, headers } = await multipartPayload(videoMailForm());
    const half = payload.subarray(0, Math.floor(payload.length * 0.6));
    const cut = new Readable({
      read() {
        this.push(half);
        this.destroy(new Error('connection reset'));
      },
    });
    const response = await ctx.app
      .inject({
        method: 'POST',
        url: '/api/calls/videoMail',
        headers: { ...key, ...headers, 'content-length': String(payload.length) },
        payload: cut,
      })
      .catch((error: unknown) => error);
    if (!(response instanceof Error))
      expect((response as { statusCode: number }).statusCode).toBeGreaterThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(uploadedFiles(ctx.config.dataDir).filter((name) => !name.endsWith('.part')).length).toBe(before);
    expect(uploadedFiles(ctx.config.dataDir).some((name) => name.endsWith('.part'))).toBe(false);
  });

  it('answers bad video mail fields with the spec messages and keeps no file', async () => {
    const before = uploadedFiles(ctx.config.dataDir).length;
    const response = await postForm(
      ctx,
      '/api/calls/videoMail',
      videoMailForm({ fields: { message: 'x'.repeat(361), phone_number: '+56' } }),
      { headers: key },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toEqual(
      expect.arrayContaining([widgetTexts.messageTooLong, widgetTexts.videoMailPhoneInvalid]),
    );
    expect(uploadedFiles(ctx.config.dataDir).length).toBe(before);
  });

  it('asks for the video when a form arrives without it, and refuses a JSON body', async () => {
    const form = formOf(
      { email: 'a@example.com', name: 'A', phone_number: '+56912345678', message: 'Hola' },
      { thumbnail: { bytes: tinyFiles.png, name: 't.png' } },
    );
    const missing = await postForm(ctx, '/api/calls/videoMail', form, {
      headers: key,
      remoteAddress: '10.55.0.1',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(widgetTexts.videoRequired);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/calls/videoMail',
      remoteAddress: '10.55.0.1',
      headers: key,
      payload: { email: 'a@example.com' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('rate-limits anonymous contact messages per IP', async () => {
    const codes = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/attention/contact',
        headers: key,
        remoteAddress: '10.77.0.1',
        payload: { name: 'A', email: 'a@example.com', phone_number: '+56912345678', message: `Mensaje ${i}` },
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
