import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import { dataExportTexts } from '@seguridad/contracts/messages/data-export';
import { settingsTexts } from '@seguridad/contracts/messages';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { checkedViewports, expect, expectNoHorizontalScroll, test } from './fixtures';
import {
  fillLogin,
  latestMatch,
  signUpThroughApi,
  uniqueEmail,
  verifyEmailThroughOutbox,
} from './support/accounts';
import { callWithVideoChatAndFile, sendVideoMail } from './support/cross-browser-journeys';
import { playwrightJourneyPage } from './support/journey-driver';

/** Every entry of a ZIP, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(entries));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

async function signIn(page: Page, email: string) {
  await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(settingsSectionPaths.myData)}`);
  await fillLogin(page, email);
  await expect(page).toHaveURL(new RegExp(`${settingsSectionPaths.myData}$`));
}

/*
 * «Mis datos» (decision 040): a signed-in citizen sends a video mail and makes a call with a chat
 * message and a file, downloads their data and finds all three in the ZIP; then files a request
 * and sees by when it must be answered.
 */
test.describe('Mis datos', () => {
  // A call with live video on both sides, then a ZIP built in the background.
  test.setTimeout(120_000);

  test('a citizen downloads their data, with their video mail, call chat and file, and files a request', async ({
    page,
    browser,
    server,
    request,
  }) => {
    const email = uniqueEmail('mis-datos');
    await signUpThroughApi(request, { email, name: 'Rosa', lastname: 'Pérez' });
    await verifyEmailThroughOutbox(request, email);
    await signIn(page, email);

    const citizen = playwrightJourneyPage(page, server.baseURL);
    const operatorContext = await browser.newContext({ baseURL: server.baseURL, locale: 'es-CL' });
    const operator = playwrightJourneyPage(await operatorContext.newPage(), server.baseURL);
    await callWithVideoChatAndFile(citizen, operator);
    await operatorContext.close();
    await sendVideoMail(citizen, email);

    await page.goto(settingsSectionPaths.myData);
    const section = page.getByRole('region', { name: settingsTexts.myDataTitle });
    await section.getByRole('button', { name: dataExportTexts.ask }).click();
    await expect(section.getByText(dataExportTexts.preparing)).toBeVisible();
    await latestMatch(request, email, /\/configuracion\/mis-datos/);
    const downloadButton = section.getByRole('button', { name: dataExportTexts.download });
    await expect(downloadButton).toBeVisible({ timeout: 15_000 });
    await expect(section.getByText(/^Disponible hasta el \d{1,2} de \p{L}+ de \d{4}\.$/u)).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await unzip(await readFile((await download.path())!));
    const data = JSON.parse(entries.get('datos.json')!.toString());
    expect(entries.has('LEAME.txt')).toBe(true);

    expect(data.correos_de_video).toHaveLength(1);
    const video = entries.get(data.correos_de_video[0].archivo_video as string);
    expect(video?.length).toBeGreaterThan(1_000);

    expect(data.llamadas).toHaveLength(1);
    const [call] = data.llamadas;
    expect(call.chat.map((line: { mensaje: string }) => line.mensaje).join('\n')).toContain(
      'hay humo en el edificio',
    );
    expect(call.adjuntos).toHaveLength(1);
    expect(call.adjuntos[0].nombre).toBe('denuncia.pdf');
    expect(
      entries
        .get(call.adjuntos[0].archivo as string)
        ?.subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await section.getByLabel(dataExportTexts.kindLabel).selectOption({ label: 'Oposición' });
    await section.getByLabel(dataExportTexts.detailLabel).fill('No quiero recibir correos del sorteo.');
    await section.getByRole('button', { name: dataExportTexts.send }).click();
    const requests = section.getByRole('list', { name: dataExportTexts.requestsTitle });
    await expect(requests.getByRole('listitem')).toHaveCount(1);
    await expect(requests.getByText(dataExportTexts.statusOpen)).toBeVisible();
    await expect(requests.getByText(/^Responder antes del \d{1,2} de \p{L}+ de \d{4}$/u)).toBeVisible();
    await latestMatch(request, email, /recibimos tu solicitud/i);

    for (const viewport of checkedViewports) {
      await page.setViewportSize(viewport);
      await expectNoHorizontalScroll(page);
    }
  });
});
