import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Browser, Locator } from '@playwright/test';
import { recordingTexts, widgetTexts } from '@seguridad/contracts/messages';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { connectCall, openCallPanel, operatorOnCalls } from './call-journeys';
import { expect, startServer, test } from './fixtures';
import { pngImage } from './support/images';
import { expectPlaysAndSeeks } from './support/media-checks';
import { startS3StandIn } from './support/s3-stand-in';

/*
 * Files outlive one machine (decision 029): two server processes share PostgreSQL, Redis and an
 * S3-compatible bucket, and every file sent through one is there through the other.
 */

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const mediaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media');

async function withFreshDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `seguridad_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function sendVideoMail(browser: Browser, baseURL: string, sender: string): Promise<void> {
  const citizen = await browser.newPage({ baseURL });
  try {
    await citizen.goto('/');
    await citizen.getByRole('button', { name: 'Contáctanos' }).click();
    await citizen.getByRole('dialog').getByRole('button', { name: 'Video Mail' }).click();
    const dialog = citizen.getByRole('dialog', { name: 'Video Mail' });
    await dialog.getByRole('button', { name: 'Grabar nuevo video' }).click();
    await dialog.getByRole('button', { name: 'Comenzar grabación' }).click();
    await expect(dialog.getByRole('timer')).toContainText(/^0:0[3-9]/, { timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Detener grabación' }).click();
    await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('vecina@example.com');
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(sender);
    await dialog.getByRole('textbox', { name: 'Teléfono' }).fill('912345678');
    await dialog.getByRole('textbox', { name: 'Mensaje' }).fill('Enviado a una máquina, visto en otra.');
    await dialog.getByRole('button', { name: 'Enviar video' }).click();
    await expect(citizen.getByText(widgetTexts.videoMailSent)).toBeVisible({ timeout: 30_000 });
  } finally {
    await citizen.close();
  }
}

async function seekTo(player: Locator): Promise<{ duration: number; at: number }> {
  return player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise((resolve) => {
        const seek = () => {
          const to = video.duration / 2;
          video.addEventListener(
            'seeked',
            () => resolve({ duration: video.duration, at: video.currentTime }),
            {
              once: true,
            },
          );
          video.currentTime = to;
        };
        if (video.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
        else video.addEventListener('loadedmetadata', seek, { once: true });
      }),
  );
}

test.describe('files on two processes and one bucket', () => {
  test.skip(
    !databaseUrl || !redisUrl,
    'needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as CI provides',
  );
  test.setTimeout(240_000);

  test('what one process stores, the other plays, seeks, downloads and shows after a reload', async ({
    browser,
  }) => {
    const s3 = await startS3StandIn();
    try {
      await withFreshDatabase(async (sharedDatabase) => {
        const env = {
          DATABASE_URL: sharedDatabase,
          REDIS_URL: redisUrl!,
          MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
          ...s3.env,
        };
        const first = await startServer(env);
        const second = await startServer(env);
        try {
          // A video mail sent through the first plays, seeks and downloads through the second.
          const sender = `Dos Máquinas ${Math.random().toString(36).slice(2, 8)}`;
          await sendVideoMail(browser, first.baseURL, sender);
          const onSecond = await operatorOnCalls(browser, second.baseURL);
          await onSecond.page.goto(`${webPaths.operator}?vista=video-mails`);
          const card = onSecond.page.getByRole('article', { name: sender });
          await expect(card).toBeVisible();
          await expectPlaysAndSeeks(onSecond.page, card.locator('video'));

          // A recording made on the first plays on the second.
          const onFirst = await operatorOnCalls(browser, first.baseURL);
          const citizen = await browser.newPage({ baseURL: first.baseURL });
          await openCallPanel(citizen);
          const { consoleCall } = await connectCall(citizen, onFirst);
          await consoleCall.getByRole('button', { name: recordingTexts.consoleStart }).click();
          await expect(
            consoleCall.getByRole('status').filter({ hasText: recordingTexts.consoleRecording }),
          ).toBeVisible();
          await citizen.waitForTimeout(5_000);
          await consoleCall.getByRole('button', { name: recordingTexts.consoleStop }).click();
          await expect(consoleCall.getByRole('button', { name: recordingTexts.consoleStart })).toBeVisible({
            timeout: 20_000,
          });
          await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
          await citizen.close();
          await onSecond.page.goto(`${webPaths.operator}?vista=llamadas`);
          const history = onSecond.page.getByRole('region', { name: 'Últimas llamadas' });
          const play = history.getByRole('button', { name: new RegExp(recordingTexts.historyPlay) }).first();
          await expect(play).toBeVisible({ timeout: 70_000 });
          await play.click();
          const player = history.getByLabel(recordingTexts.historyPlayerLabel);
          const seeked = await seekTo(player);
          expect(Number.isFinite(seeked.duration)).toBe(true);
          expect(seeked.duration).toBeGreaterThan(3);
          expect(Math.abs(seeked.at - seeked.duration / 2)).toBeLessThan(1);

          // An avatar and a library video stored through the first show on the second after a reload.
          const consoleFirst = onFirst.page;
          await consoleFirst.getByRole('tab', { name: 'Configuración' }).click();
          const library = consoleFirst.getByRole('region', { name: 'Videos para llamadas' });
          await library.getByLabel('Título', { exact: true }).fill('Video de otra máquina');
          await library.getByLabel('Archivo de video').setInputFiles(path.join(mediaDir, 'pushed-clip.webm'));
          await library.getByRole('button', { name: 'Subir video' }).click();
          await expect(
            library.getByRole('listitem').filter({ hasText: 'Video de otra máquina' }),
          ).toBeVisible();
          await consoleFirst.goto(settingsSectionPaths.account);
          await consoleFirst.getByRole('switch', { name: 'Editar' }).check();
          await consoleFirst
            .getByLabel('Elegir foto')
            .setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: pngImage() });
          await consoleFirst.getByRole('button', { name: 'Guardar' }).click();
          await expect(consoleFirst.getByRole('img', { name: 'Tu foto de perfil' })).toHaveAttribute(
            'src',
            /^\/api\/v1\/user\/avatar\//,
          );

          const consoleSecond = onSecond.page;
          await consoleSecond.goto(settingsSectionPaths.account);
          const avatar = consoleSecond.getByRole('img', { name: 'Tu foto de perfil' });
          await expect(avatar).toHaveAttribute('src', /^\/api\/v1\/user\/avatar\/[A-Za-z0-9_-]{22}$/);
          await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(8);
          await consoleSecond.goto(webPaths.operator);
          await consoleSecond.reload();
          await consoleSecond.getByRole('tab', { name: 'Configuración' }).click();
          const librarySecond = consoleSecond.getByRole('region', { name: 'Videos para llamadas' });
          await expect(
            librarySecond.getByRole('listitem').filter({ hasText: 'Video de otra máquina' }),
          ).toBeVisible();
          const videos = await consoleSecond.evaluate(async () => {
            const token = window.localStorage.getItem('session-token');
            const response = await fetch('/api/v1/operator/videos', {
              headers: { authorization: `Bearer ${token}` },
            });
            return ((await response.json()) as { videos: { title: string; video_url: string }[] }).videos;
          });
          const pushed = videos.find((video) => video.title === 'Video de otra máquina')!;
          const download = await consoleSecond.request.get(`${second.baseURL}${pushed.video_url}`);
          expect(download.status()).toBe(200);
          expect((await download.body()).length).toBeGreaterThan(1000);

          // Nothing of it was written to either process's own disk: it is all in the bucket.
          for (const server of [first, second]) {
            const local = readdirSync(server.dataDir, { recursive: true }).map(String);
            expect(local.filter((name) => name.startsWith('uploads'))).toEqual([]);
          }
          await onFirst.context.close();
          await onSecond.context.close();
        } finally {
          await first.stop();
          await second.stop();
        }
      });
    } finally {
      await s3.close();
    }
  });
});
