import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { videoMails } from '../db/schema';
import { demoKey } from './calls';
import { formOf, postForm, tinyFiles } from './multipart';
import type { TestContext } from './test-app';

/** What citizens send through the widget of a company's site. */

/** A real recording from Chrome's MediaRecorder. */
export const chromeRecording = readFileSync(
  new URL('../integrations/storage/__fixtures__/chrome-recording.webm', import.meta.url),
);

/** The video-mail form as a citizen fills it in, unless a test says otherwise. */
export const videoMailFields = {
  email: 'vecino@example.com',
  name: 'Pedro Soto',
  phone_number: '+56911112222',
  message: 'Se escuchan disparos cerca de la plaza.',
  is_derived: 'false',
};

/** Sends a video mail to the demo company: the form's fields, a Chrome recording and a PNG thumbnail. */
export function sendVideoMail(ctx: TestContext, fields: Partial<typeof videoMailFields> = {}) {
  return postForm(
    ctx,
    '/api/calls/videoMail',
    formOf(
      { ...videoMailFields, ...fields },
      {
        videoMail: { bytes: chromeRecording, name: 'v.webm' },
        thumbnail: { bytes: tinyFiles.png, name: 't.png' },
      },
    ),
    { headers: demoKey },
  );
}

/** A contact message to a company (the demo one unless other headers say), through the widget's route. */
export function sendContactMessage(
  ctx: TestContext,
  payload: Record<string, unknown>,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/attention/contact',
    headers: options.headers ?? demoKey,
    payload,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/**
 * A raw connection to `port` that has sent the head of a video mail to the demo company, said to
 * be 10 MB, up to the start of its video part: the test sends what follows, or nothing.
 */
export async function openRawVideoMailUpload(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      'POST /api/calls/videoMail HTTP/1.1',
      'Host: localhost',
      `company-key: ${DEMO_COMPANY_KEY}`,
      'Content-Type: multipart/form-data; boundary=frontera',
      'Content-Length: 10000000',
      '',
      '--frontera\r\nContent-Disposition: form-data; name="videoMail"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n',
    ].join('\r\n'),
  );
  return socket;
}

/** Writes `content` to the app's file storage as a `.extension` file; answers its key. */
export async function storeFile(ctx: TestContext, content: string, extension = 'webm'): Promise<string> {
  const { key } = await ctx.app.storage.write(Readable.from([Buffer.from(content)]), {
    extension,
    maxBytes: 10_000,
  });
  return key;
}

/**
 * A video mail written straight to the database, its video and thumbnail small files in the app's
 * storage: a plea for help from Rosa unless `values` say otherwise.
 */
export async function insertVideoMail(
  ctx: TestContext,
  values: { companyId: number } & Partial<typeof videoMails.$inferInsert>,
) {
  const [row] = await ctx.database.db
    .insert(videoMails)
    .values({
      name: 'Rosa',
      email: 'rosa@example.com',
      phone: '+56911110001',
      message: 'Ayuda',
      videoKey: await storeFile(ctx, 'video'),
      videoMime: 'video/webm',
      videoBytes: 5,
      thumbnailKey: await storeFile(ctx, 'thumb'),
      thumbnailMime: 'image/jpeg',
      ...values,
    })
    .returning();
  return row!;
}
