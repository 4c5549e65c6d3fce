import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { VIDEO_MAIL_MAX_BYTES } from '@seguridad/contracts/http/widget';
import { errorMessages, validationMessages, widgetTexts } from '@seguridad/contracts/messages';
import { companies, videoMails, videoMailUploads } from '../../db/schema';
import { readWebmDurationMs } from '../../integrations/storage/ebml-elements';
import { multipartPayload, tinyFiles } from '../../testing/multipart';
import { startS3StandIn, type S3StandIn } from '../../testing/s3-stand-in';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { sweepAbandonedVideoMailUploads } from './video-mail-upload-sweep';

const recording = readFileSync(
  new URL('../../integrations/storage/__fixtures__/chrome-recording.webm', import.meta.url),
);
const key = { 'company-key': DEMO_COMPANY_KEY };
const tus = { 'tus-resumable': '1.0.0' };

function startForm(
  overrides: { fields?: Record<string, string>; thumbnail?: Buffer | null; video?: Buffer } = {},
) {
  const form = new FormData();
  const fields = {
    email: 'vecina@example.com',
    name: 'Rosa Pérez',
    phone_number: '+56912345678',
    message: 'Hay un poste de luz caído en mi pasaje.',
    is_derived: 'false',
    video_bytes: String(recording.length),
    ...overrides.fields,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (overrides.thumbnail !== null)
    form.append(
      'thumbnail',
      new Blob([overrides.thumbnail ?? tinyFiles.png], { type: 'image/png' }),
      't.png',
    );
  if (overrides.video)
    form.append('videoMail', new Blob([overrides.video], { type: 'video/webm' }), 'v.webm');
  return form;
}

describe.each(['local', 's3'] as const)('resumable video mails on %s storage', (engine) => {
  let ctx: TestContext;
  let dataDir: string;
  let s3: S3StandIn | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'video-mail-uploads-'));
    s3 = engine === 's3' ? await startS3StandIn() : undefined;
    ctx = await createTestApp({ env: { DATA_DIR: dataDir, WIDGET_SUBMISSIONS_MAX: '100', ...s3?.env } });
  });
  afterAll(async () => {
    await ctx.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(form = startForm(), headers: Record<string, string> = key) {
    const { payload, headers: formHeaders } = await multipartPayload(form);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/calls/videoMail/uploads',
      headers: { ...headers, ...formHeaders },
      payload,
    });
  }

  async function started(form = startForm()): Promise<string> {
    const response = await start(form);
    expect(response.statusCode).toBe(200);
    return response.json().data.upload_url as string;
  }

  const head = (url: string, headers: Record<string, string> = key) =>
    ctx.app.inject({ method: 'HEAD', url, headers: { ...headers, ...tus } });
  const patch = (url: string, offset: number, body: Buffer, headers: Record<string, string> = key) =>
    ctx.app.inject({
      method: 'PATCH',
      url,
      headers: {
        ...headers,
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: body,
    });
  const complete = (url: string, headers: Record<string, string> = key) =>
    ctx.app.inject({ method: 'POST', url: `${url}/complete`, headers });
  const uploadRow = (url: string) =>
    ctx.database.db
      .select()
      .from(videoMailUploads)
      .where(eq(videoMailUploads.id, url.split('/').pop()!))
      .then((rows) => rows[0]);

  it('takes the video in pieces from where it stopped, then files one seekable video mail', async () => {
    const url = await started(startForm({ fields: { name: 'Pieza Por Pieza' } }));
    expect(url).toMatch(new RegExp(`^/api/calls/videoMail/uploads/[A-Za-z0-9_-]{22}$`));
    const first = await head(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['upload-offset']).toBe('0');
    expect(first.headers['upload-length']).toBe(String(recording.length));

    const half = Math.floor(recording.length / 2);
    const sent = await patch(url, 0, recording.subarray(0, half));
    expect(sent.statusCode).toBe(204);
    expect(sent.headers['upload-offset']).toBe(String(half));
    expect((await head(url)).headers['upload-offset']).toBe(String(half));
    // Not there yet: the request to file it says so, and changes nothing.
    const early = await complete(url);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(widgetTexts.uploadIncomplete);
    // A repeated piece at an old offset is refused by the protocol.
    expect((await patch(url, 0, recording.subarray(0, 10))).statusCode).toBe(409);

    expect((await patch(url, half, recording.subarray(half))).statusCode).toBe(204);
    const filed = await complete(url);
    expect(filed.statusCode).toBe(200);
    expect(filed.json()).toEqual({ success: true });
    // Asked again (its answer was lost): the same video mail, not a second one.
    expect((await complete(url)).statusCode).toBe(200);
    expect((await head(url)).headers['upload-offset']).toBe(String(recording.length));

    const mails = await ctx.database.db
      .select()
      .from(videoMails)
      .where(eq(videoMails.name, 'Pieza Por Pieza'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.videoMime).toBe('video/webm');
    expect(mail.durationMs).toBeGreaterThan(1_500);
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.app.storage.read(mail.videoKey)) chunks.push(chunk as Buffer);
    const stored = Buffer.concat(chunks);
    expect(stored.length).toBe(mail.videoBytes);
    expect(readWebmDurationMs(stored)).toBeCloseTo(mail.durationMs!, -1);
    // The form is not kept beside the video mail, and the pieces are gone.
    const row = (await uploadRow(url))!;
    expect(row).toMatchObject({ status: 'done', fields: {}, thumbnailKey: null, videoMailId: mail.id });
    expect(await ctx.app.storage.pieces(row.videoKey)).toEqual([]);
  });

  it('checks the form before any byte of video is sent, in Spanish', async () => {
    const badEmail = await start(startForm({ fields: { email: 'no-es-correo' } }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().data).toContain(validationMessages.widgetEmailInvalid);
    const noThumbnail = await start(startForm({ thumbnail: null }));
    expect(noThumbnail.statusCode).toBe(400);
    expect(noThumbnail.json().message).toBe(widgetTexts.videoRequired);
    const tooBig = await start(startForm({ fields: { video_bytes: String(VIDEO_MAIL_MAX_BYTES + 1) } }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(errorMessages.payloadTooLarge);
    const noSize = await start(startForm({ fields: { video_bytes: 'mucho' } }));
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().message).toBe(widgetTexts.videoSizeInvalid);
    const withVideo = await start(startForm({ video: recording }));
    expect(withVideo.statusCode).toBe(400);
    const notImage = await start(startForm({ thumbnail: Buffer.from('<svg onload=alert(1)>') }));
    expect(notImage.statusCode).toBe(415);
    expect((await start(startForm(), { 'company-key': 'wrong-key-wrong-key' })).statusCode).toBe(401);

    await ctx.database.db.update(companies).set({ videoMailEnabled: false });
    ctx.app.forgetCompanyCache();
    try {
      expect((await start()).statusCode).toBe(403);
    } finally {
      await ctx.database.db.update(companies).set({ videoMailEnabled: true });
      ctx.app.forgetCompanyCache();
    }
  });

  it('answers only the company that started the upload, and no more bytes than declared', async () => {
    const url = await started();
    const other = { 'company-key': 'another-company-key-0000' };
    expect((await head(url, other)).statusCode).toBe(401);
    const [company] = await ctx.database.db
      .insert(companies)
      .values({ name: 'Otra Central', publicKey: 'another-company-key-1111', inboxEmail: 'otra@example.com' })
      .returning();
    try {
      const foreign = { 'company-key': company!.publicKey };
      expect((await head(url, foreign)).statusCode).toBe(404);
      expect((await patch(url, 0, recording.subarray(0, 10), foreign)).statusCode).toBe(404);
      expect((await complete(url, foreign)).statusCode).toBe(404);
    } finally {
      await ctx.database.db.delete(companies).where(eq(companies.id, company!.id));
    }
    expect((await head(`/api/calls/videoMail/uploads/${'x'.repeat(22)}`)).statusCode).toBe(404);
    const tooMuch = await patch(url, 0, Buffer.concat([recording, Buffer.alloc(10)]));
    expect(tooMuch.statusCode).toBe(413);
  });

  it('refuses a finished upload that is not a video, and keeps nothing of it', async () => {
    const fake = Buffer.from('<html>not a video</html>'.padEnd(2000, ' '));
    const url = await started(startForm({ fields: { video_bytes: String(fake.length) } }));
    expect((await patch(url, 0, fake)).statusCode).toBe(204);
    const row = (await uploadRow(url))!;
    const refused = await complete(url);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(errorMessages.unsupportedMediaType);
    expect(await uploadRow(url)).toBeUndefined();
    expect(await ctx.app.storage.pieces(row.videoKey)).toEqual([]);
    expect(await ctx.app.storage.size(row.thumbnailKey!)).toBeUndefined();
  });

  it('keeps the bytes of a request cut by the network, and resumes from them', async () => {
    const url = await started(startForm({ fields: { name: 'Conexión Cortada' } }));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const cutAt = 20_000;
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        path: url,
        method: 'PATCH',
        headers: {
          ...key,
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(recording.length),
        },
      });
      request.on('error', () => resolve());
      request.write(recording.subarray(0, cutAt), () => setTimeout(() => request.destroy(), 200));
    });
    let offset = '0';
    for (let tries = 0; tries < 50 && offset === '0'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      offset = (await head(url)).headers['upload-offset'] as string;
    }
    expect(Number(offset)).toBe(cutAt);
    expect((await patch(url, cutAt, recording.subarray(cutAt))).statusCode).toBe(204);
    expect((await complete(url)).statusCode).toBe(200);
    const [mail] = await ctx.database.db
      .select()
      .from(videoMails)
      .where(eq(videoMails.name, 'Conexión Cortada'));
    expect(mail?.durationMs).toBeGreaterThan(1_500);
  });

  it('removes uploads abandoned for a day, and keeps younger ones', async () => {
    const abandoned = await started();
    await patch(abandoned, 0, recording.subarray(0, 1000));
    const young = await started();
    const abandonedRow = (await uploadRow(abandoned))!;
    const day = 24 * 60 * 60 * 1000;
    await ctx.database.db
      .update(videoMailUploads)
      .set({ createdAt: new Date(Date.now() - day - 60_000) })
      .where(eq(videoMailUploads.id, abandonedRow.id));
    const deps = { db: ctx.database.db, storage: ctx.app.storage };
    expect(await sweepAbandonedVideoMailUploads(deps)).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(abandoned)).toBeUndefined();
    expect(await ctx.app.storage.pieces(abandonedRow.videoKey)).toEqual([]);
    expect(await ctx.app.storage.size(abandonedRow.thumbnailKey!)).toBeUndefined();
    expect(await uploadRow(young)).toBeDefined();
    expect((await head(abandoned)).statusCode).toBe(404);
  });
});
