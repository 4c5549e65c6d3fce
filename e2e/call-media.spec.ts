import { callTexts } from '@seguridad/contracts/messages';
import { checkedViewports, expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './fixtures';
import { connectCall, displayCaptureArgs, expectPlaying, openCallPanel, test } from './call-journeys';
import { expect } from './fixtures';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
});
