import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { recordingTexts } from '@seguridad/contracts/messages';
import { openAcceptingConsole, openCallBench, pressLlamar } from './lib/call-browser';

export type RecordingCostWindow = {
  /** Main-thread busy time of the operator's page (CDP TaskDuration) per wall second, in %. */
  operatorMainThreadPct: number;
  /** CPU time of every Chromium process (both pages, GPU, network, audio) per wall second, in %. */
  browserCpuPct: number;
  /** Frames per second the operator's page showed of the citizen's video. */
  receivedFps: number;
};

export type RecordingCostFigures = {
  seconds: number;
  off: RecordingCostWindow;
  on: RecordingCostWindow;
  /** Video frames per second in the recorded file (ffprobe), null without ffprobe. */
  recordedFps: number | null;
  recordedSeconds: number | null;
};

const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

const round1 = (value: number) => Math.round(value * 10) / 10;

async function framesShown(page: Page): Promise<number> {
  return page
    .getByLabel('Video del ciudadano')
    .evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames);
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}

async function browserCpuSeconds(cdp: CDPSession): Promise<number> {
  const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { cpuTime: number }[] };
  return info.processInfo.reduce((sum, process) => sum + process.cpuTime, 0);
}

/** What the operator's side costs over `seconds` of a connected call. */
async function measureWindow(
  page: Page,
  pageCdp: CDPSession,
  browserCdp: CDPSession,
  seconds: number,
): Promise<RecordingCostWindow> {
  const before = {
    at: performance.now(),
    task: await taskSeconds(pageCdp),
    cpu: await browserCpuSeconds(browserCdp),
    frames: await framesShown(page),
  };
  await page.waitForTimeout(seconds * 1000);
  const wall = (performance.now() - before.at) / 1000;
  return {
    operatorMainThreadPct: round1((100 * ((await taskSeconds(pageCdp)) - before.task)) / wall),
    browserCpuPct: round1((100 * ((await browserCpuSeconds(browserCdp)) - before.cpu)) / wall),
    receivedFps: round1(((await framesShown(page)) - before.frames) / wall),
  };
}

/**
 * The recording's cost on the side that records (decision 017): one call in Chromium (fake
 * camera and microphone, loopback), measured on the operator's page for `seconds` without recording
 * and `seconds` while recording: main-thread time, CPU of all browser processes, the frame rate the
 * operator still receives, and the frame rate of the recorded file.
 */
export async function measureRecordingCost(seconds = 15): Promise<RecordingCostFigures> {
  const { url, operatorContext, operatorToken: token, browser, close } = await openCallBench();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-recording-'));
  try {
    const operator = await operatorContext.newPage();
    await openAcceptingConsole(operator, url);

    const citizen = await (await browser.newContext()).newPage();
    await pressLlamar(citizen, url);
    await operator.getByLabel('Video del ciudadano').waitFor();
    await operator.waitForFunction(
      () =>
        ((document.querySelector('video[aria-label="Video del ciudadano"]') as HTMLVideoElement | null)
          ?.readyState ?? 0) >= 2,
    );
    // Settle: the first seconds of a call ramp the bit rate up.
    await operator.waitForTimeout(3_000);

    const pageCdp = await operatorContext.newCDPSession(operator);
    await pageCdp.send('Performance.enable');
    const browserCdp = await browser.newBrowserCDPSession();

    const off = await measureWindow(operator, pageCdp, browserCdp, seconds);
    await operator.getByRole('button', { name: recordingTexts.consoleStart }).click();
    await operator.getByRole('status').filter({ hasText: recordingTexts.consoleRecording }).waitFor();
    const on = await measureWindow(operator, pageCdp, browserCdp, seconds);
    await operator.getByRole('button', { name: recordingTexts.consoleStop }).click();
    await operator.getByRole('button', { name: recordingTexts.consoleStart }).waitFor({ timeout: 30_000 });

    let recordedFps: number | null = null;
    let recordedSeconds: number | null = null;
    if (existsSync(FFPROBE)) {
      // The server finalises once the console's last chunk is in: wait for the file.
      let ready: { video_url: string | null } | undefined;
      for (let attempt = 0; attempt < 60 && !ready; attempt += 1) {
        const list = (await (
          await fetch(`${url}/api/v1/operator/recordings`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as { recordings: { status: string; video_url: string | null }[] };
        ready = list.recordings.find((recording) => recording.video_url);
        if (!ready) await operator.waitForTimeout(500);
      }
      if (ready?.video_url) {
        const file = path.join(dir, 'recording.webm');
        writeFileSync(file, Buffer.from(await (await fetch(`${url}${ready.video_url}`)).arrayBuffer()));
        const out = execFileSync(FFPROBE, [
          '-v',
          'error',
          '-select_streams',
          'v',
          '-count_packets',
          '-show_entries',
          'stream=nb_read_packets:format=duration',
          '-of',
          'json',
          file,
        ]);
        const probed = JSON.parse(out.toString()) as {
          streams: { nb_read_packets: string }[];
          format: { duration: string };
        };
        recordedSeconds = round1(Number(probed.format.duration));
        recordedFps = round1(Number(probed.streams[0]!.nb_read_packets) / Number(probed.format.duration));
      }
    }
    await citizen.getByRole('button', { name: 'Terminar Llamada' }).click();
    return { seconds, off, on, recordedFps, recordedSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await close();
  }
}
