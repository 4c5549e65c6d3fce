import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { RECORDING_RETENTION_DEFAULT_DAYS } from '@seguridad/contracts/http/recordings';
import { recordingTexts } from '@seguridad/contracts/messages';
import { checkedViewports, expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './fixtures';
import { connectCall, expectPlaying, openCallPanel, test, type Operator } from './call-journeys';
import { expect } from './fixtures';

/** Debian's ffprobe (package ffmpeg), installed by scripts/ensure-ffmpeg.sh like Chromium. */
const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';
const FFMPEG = process.env.FFMPEG_PATH ?? path.join(path.dirname(FFPROBE), 'ffmpeg');

type Probe = { streams: { codec_name: string }[]; format: { duration: string } };

function probe(file: string): Probe {
  const out = execFileSync(FFPROBE, [
    '-v',
    'error',
    '-show_entries',
    'format=duration:stream=codec_name',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(out.toString()) as Probe;
}

/** The first video packet ffprobe reads when told to start at `seconds`: near it only if it could seek. */
function firstVideoPacketFrom(file: string, seconds: number): number {
  const out = execFileSync(FFPROBE, [
    '-v',
    'error',
    '-select_streams',
    'v',
    '-read_intervals',
    `${seconds}%+#1`,
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Number(out.toString().trim().split('\n')[0]);
}

/** The time of the last packet ffprobe can read (a file cut inside a block is read up to the cut). */
function lastPacketSeconds(file: string): number {
  const out = execFileSync(FFPROBE, [
    '-v',
    'quiet',
    '-show_entries',
    'packet=pts_time',
    '-of',
    'csv=p=0',
    file,
  ]);
  return Math.max(0, ...out.toString().trim().split('\n').map(Number).filter(Number.isFinite));
}

/** The console starts recording; resolves once its recorder runs (the status says so). */
async function startRecording(consoleCall: Locator): Promise<void> {
  await consoleCall.getByRole('button', { name: recordingTexts.consoleStart }).click();
  await expect(
    consoleCall.getByRole('status').filter({ hasText: recordingTexts.consoleRecording }),
  ).toBeVisible();
}

/**
 * How long the console's MediaRecorder ran, from its own start and stop events, in seconds. The
 * button may come back before the recorder's `stop` event has fired: wait for both marks.
 */
async function recorderRunSeconds(page: Page): Promise<number> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        ['call:recording-started', 'call:recording-stopped'].every(
          (name) => performance.getEntriesByName(name).length > 0,
        ),
      ),
    )
    .toBe(true);
  return page.evaluate(() => {
    const [started] = performance.getEntriesByName('call:recording-started');
    const [stopped] = performance.getEntriesByName('call:recording-stopped');
    return (stopped!.startTime - started!.startTime) / 1000;
  });
}

/** The recordings the server holds for the console's company, as the console's API lists them. */
function listRecordings(page: Page): Promise<{ id: number; status: string; chunks: number }[]> {
  return page.evaluate(async () => {
    const token = window.localStorage.getItem('session-token');
    const response = await fetch('/api/v1/operator/recordings', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { recordings: { id: number; status: string; chunks: number }[] })
      .recordings;
  });
}

/** The console's history lists the call's recording; returns the file's bytes and the player. */
async function downloadRecording(operator: Operator, dir: string, name: string) {
  const page: Page = operator.page;
  const history = page.getByRole('region', { name: 'Últimas llamadas' });
  const play = history.getByRole('button', { name: new RegExp(recordingTexts.historyPlay) }).first();
  await expect(play).toBeVisible({ timeout: 70_000 });
  await play.click();
  const player = history.getByLabel(recordingTexts.historyPlayerLabel);
  const src = await player.getAttribute('src');
  const response = await page.request.get(src!);
  expect(response.status()).toBe(200);
  const file = path.join(dir, name);
  writeFileSync(file, await response.body());
  return { file, player };
}

test.describe('call recording', () => {
  test.setTimeout(150_000);
  let dir: string;
  test.beforeAll(() => {
    if (!existsSync(FFPROBE))
      throw new Error(
        `ffprobe is needed at ${FFPROBE}: run scripts/ensure-ffmpeg.sh (apt-get install ffmpeg)`,
      );
  });
  test.beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'grabacion-'));
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('the citizen is told, the call is recorded both ways, and the file is a seekable vp8/opus webm of the right length', async ({
    operator,
    page: citizen,
  }) => {
    await openCallPanel(citizen);
    const { callView, consoleCall } = await connectCall(citizen, operator);
    const notice = callView.getByRole('status').filter({ hasText: recordingTexts.notice });
    await expect(notice).toHaveCount(0);

    await startRecording(consoleCall);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(recordingTexts.indicator);
    await expectNoSeriousAxeViolations(citizen);
    for (const viewport of checkedViewports) {
      await citizen.setViewportSize(viewport);
      await expectNoHorizontalScroll(citizen);
      await citizen.screenshot({ path: `test-results/recording-notice-${viewport.width}.png` });
    }
    await operator.page.screenshot({ path: 'test-results/recording-console.png' });
    // The call keeps its pictures while it is recorded.
    await expectPlaying(consoleCall.getByLabel('Video del ciudadano'));

    await citizen.waitForTimeout(7_000);
    await consoleCall.getByRole('button', { name: recordingTexts.consoleStop }).click();
    await expect(consoleCall.getByRole('button', { name: recordingTexts.consoleStart })).toBeVisible({
      timeout: 20_000,
    });
    const recordedSeconds = await recorderRunSeconds(operator.page);
    expect(recordedSeconds).toBeGreaterThan(7);
    await expect(notice).toHaveCount(0);

    await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
    await operator.page.getByRole('button', { name: 'Volver a la fila' }).click();
    const { file, player } = await downloadRecording(operator, dir, 'llamada.webm');
    const probed = probe(file);
    expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(['opus', 'vp8']);
    expect(Math.abs(Number(probed.format.duration) - recordedSeconds)).toBeLessThan(1);

    // Seekable: ffprobe starts reading near the middle, ffmpeg decodes from there.
    const middle = Math.floor(Number(probed.format.duration) / 2);
    const first = firstVideoPacketFrom(file, middle);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(middle + 0.5);
    execFileSync(FFMPEG, [
      '-v',
      'error',
      '-ss',
      String(middle),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'null',
      '-',
    ]);
    // And the console's player knows the length and jumps to the middle.
    const seeked = await player.evaluate(
      (video: HTMLVideoElement, to: number) =>
        new Promise<{ duration: number; at: number }>((resolve) => {
          const seek = () => {
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
      middle,
    );
    expect(Number.isFinite(seeked.duration)).toBe(true);
    expect(seeked.at).toBeCloseTo(middle, 0);
    await operator.page.screenshot({ path: 'test-results/recording-history-1280.png' });
    await operator.page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(operator.page);
    await player.scrollIntoViewIfNeeded();
    await operator.page.screenshot({ path: 'test-results/recording-history-360.png' });
  });

  test('a citizen reloading mid-call ends it, and the recording keeps what came before', async ({
    operator,
    page: citizen,
  }) => {
    // The chunks the server took (answered 200), as the console sent them: the console's fetch is
    // watched, the requests still reach the real server.
    await operator.page.evaluate(() => {
      const taken: Blob[] = [];
      (window as unknown as { takenChunks: Blob[] }).takenChunks = taken;
      const send = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await send(input, init);
        if (/\/recordings\/\d+\/chunks\/\d+$/.test(String(input)) && response.ok)
          taken.push(init!.body as Blob);
        return response;
      };
    });
    await openCallPanel(citizen);
    const { consoleCall } = await connectCall(citizen, operator);
    await startRecording(consoleCall);
    // Two chunks reached the server before the page goes.
    await expect
      .poll(
        async () =>
          (await listRecordings(operator.page)).find((entry) => entry.status === 'recording')?.chunks,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThanOrEqual(2);
    const before = path.join(dir, 'antes.webm');
    const takenBytes = await operator.page.evaluate(async () => {
      const taken = (window as unknown as { takenChunks: Blob[] }).takenChunks;
      return [...new Uint8Array(await new Blob(taken).arrayBuffer())];
    });
    writeFileSync(before, Buffer.from(takenBytes));
    await citizen.reload();
    await operator.page.getByRole('button', { name: 'Volver a la fila' }).click();

    const { file } = await downloadRecording(operator, dir, 'recargada.webm');
    const probed = probe(file);
    expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(['opus', 'vp8']);
    // Everything in the chunks taken before the reload is in the file; only what was still being
    // recorded (or uploaded) when the call ended may be missing. The block a chunk boundary cut in
    // two cannot be kept: one packet (well under half a second) of slack.
    const lastBefore = lastPacketSeconds(before);
    expect(lastBefore).toBeGreaterThan(1);
    expect(lastPacketSeconds(file)).toBeGreaterThanOrEqual(lastBefore - 0.5);
    expect(Number(probed.format.duration)).toBeGreaterThanOrEqual(lastBefore - 0.5);
  });

  test('an admin sets how long recordings are kept, and it stays set', async ({ operator }) => {
    const page = operator.page;
    await page.getByRole('tab', { name: 'Configuración' }).click();
    const card = page.getByRole('region', { name: 'Grabaciones de llamadas' });
    const days = card.getByLabel(recordingTexts.retentionLabel);
    await expect(days).toHaveValue(String(RECORDING_RETENTION_DEFAULT_DAYS));
    await days.fill('0');
    await expect(card.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await days.fill('30');
    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Conservación de grabaciones guardada.')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    for (const viewport of checkedViewports) {
      await page.setViewportSize(viewport);
      await expectNoHorizontalScroll(page);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/recording-retention-${viewport.width}.png` });
    }
    await page.reload();
    await page.getByRole('tab', { name: 'Configuración' }).click();
    await expect(
      page.getByRole('region', { name: 'Grabaciones de llamadas' }).getByLabel(recordingTexts.retentionLabel),
    ).toHaveValue('30');
    // Back to the default for the other journeys of this server.
    await page
      .getByRole('region', { name: 'Grabaciones de llamadas' })
      .getByLabel(recordingTexts.retentionLabel)
      .fill(String(RECORDING_RETENTION_DEFAULT_DAYS));
    await page
      .getByRole('region', { name: 'Grabaciones de llamadas' })
      .getByRole('button', { name: 'Guardar' })
      .click();
    await expect(page.getByText('Conservación de grabaciones guardada.')).toBeVisible();
  });
});
