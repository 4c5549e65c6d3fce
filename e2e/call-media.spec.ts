import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callTexts } from '@seguridad/contracts/messages';
import { checkedViewports, expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './fixtures';
import { connectCall, displayCaptureArgs, expectPlaying, openCallPanel, test } from './call-journeys';
import { chromiumExecutable } from './playwright.config';
import { expect } from './fixtures';

const mediaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media');

test.use({
  launchOptions: {
    executablePath: chromiumExecutable,
    args: displayCaptureArgs,
  },
});

test.describe('call media', () => {
  test.setTimeout(90_000);

  test('the operator shares a screen beside the camera, the citizen sees it, and it goes when stopped', async ({
    operator,
    page: citizen,
  }) => {
    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);
    const operatorCamera = callView.getByLabel('Video de la operadora');

    await consoleCall.getByRole('button', { name: 'Compartir pantalla' }).click();
    const screen = callView.getByRole('region', { name: callTexts.sharedScreen }).locator('video');
    await expectPlaying(screen);
    // The screen is large enough to read: wider than the operator's camera beside it.
    const [screenBox, cameraBox] = await Promise.all([screen.boundingBox(), operatorCamera.boundingBox()]);
    expect(screenBox!.width).toBeGreaterThan(cameraBox!.width);
    // The camera never stopped while the screen was negotiated.
    await expectPlaying(operatorCamera);
    await expect(
      consoleCall.getByRole('status').filter({ hasText: 'El ciudadano ya ve tu pantalla.' }),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(citizen);
    for (const viewport of checkedViewports) {
      await citizen.setViewportSize(viewport);
      await expectNoHorizontalScroll(citizen);
      await citizen.screenshot({ path: `test-results/screen-share-${viewport.width}.png` });
    }
    await citizen.setViewportSize({ width: 1280, height: 800 });
    await operator.page.screenshot({ path: 'test-results/screen-share-console.png' });

    await consoleCall.getByRole('button', { name: 'Dejar de compartir' }).click();
    await expect(callView.getByRole('region', { name: callTexts.sharedScreen })).toHaveCount(0);
    await expectPlaying(operatorCamera);

    // Shared again, then ended from the browser's own control (the track ends).
    await consoleCall.getByRole('button', { name: 'Compartir pantalla' }).click();
    await expectPlaying(callView.getByRole('region', { name: callTexts.sharedScreen }).locator('video'));
    await consoleCall.getByLabel('Tu pantalla compartida').evaluate((video: HTMLVideoElement) => {
      const track = (video.srcObject as MediaStream).getVideoTracks()[0]!;
      track.stop();
      // stop() from script fires no `ended`; the browser's bar does: stand in for it.
      track.dispatchEvent(new Event('ended'));
    });
    await expect(callView.getByRole('region', { name: callTexts.sharedScreen })).toHaveCount(0);
    await expect(consoleCall.getByRole('button', { name: 'Compartir pantalla' })).toBeVisible();
  });

  test('an admin uploads a video, the operator plays it to the citizen with captions, and stops it', async ({
    operator,
    page: citizen,
  }) => {
    const consolePage = operator.page;
    await consolePage.getByRole('tab', { name: 'Configuración' }).click();
    const library = consolePage.getByRole('region', { name: 'Videos para llamadas' });
    await library.getByLabel('Título', { exact: true }).fill('Cómo hacer una denuncia');
    await library.getByLabel('Archivo de video').setInputFiles(path.join(mediaDir, 'pushed-clip.webm'));
    await library.getByLabel('Subtítulos (opcional)').setInputFiles(path.join(mediaDir, 'pushed-clip.vtt'));
    await library.getByRole('button', { name: 'Subir video' }).click();
    await expect(library.getByRole('listitem').filter({ hasText: 'Cómo hacer una denuncia' })).toBeVisible();
    await expectNoSeriousAxeViolations(consolePage);
    await library.screenshot({ path: 'test-results/video-library.png' });
    await consolePage.getByRole('tab', { name: 'Llamadas' }).click();

    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);
    await consoleCall
      .getByLabel('Video para el ciudadano')
      .selectOption({ label: 'Cómo hacer una denuncia' });
    await consoleCall.getByRole('button', { name: 'Reproducir video' }).click();
    const pushed = callView.getByRole('region', { name: callTexts.pushedVideo }).locator('video');
    await expectPlaying(pushed);
    await expect(pushed).toHaveAttribute('controls', '');
    await expect
      .poll(() => pushed.evaluate((video: HTMLVideoElement) => video.textTracks[0]?.mode))
      .toBe('showing');
    await expect(
      consoleCall
        .getByRole('status')
        .filter({ hasText: 'Reproduciendo para el ciudadano: Cómo hacer una denuncia' }),
    ).toBeVisible();
    await citizen.screenshot({ path: 'test-results/pushed-video-1280.png' });
    // The operator's camera keeps playing beside it.
    await expectPlaying(callView.getByLabel('Video de la operadora'));

    await consoleCall.getByRole('button', { name: 'Detener video' }).click();
    await expect(callView.getByRole('region', { name: callTexts.pushedVideo })).toHaveCount(0);
    await expect(consoleCall.getByRole('button', { name: 'Detener video' })).toHaveCount(0);
  });
});
