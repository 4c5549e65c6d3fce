import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { createLocalFileStorage } from './local-file-storage';
import { storePlayableVideo } from './playable-video';

/**
 * Recordings as each browser's MediaRecorder makes them, ~2 s with a fake camera and microphone:
 * Chromium's and Firefox's WebM (vp8 + opus, 500 ms timeslices), recorded by those browsers; and
 * the two MP4 layouts a recorder writes (H.264 + AAC, made with ffmpeg, which writes them the same
 * way): index after the media, as a one-go recording, and fragmented, as a sliced one.
 */
const fixtures = {
  chromium: { file: 'chrome-recording.webm', mime: 'video/webm' },
  firefox: { file: 'firefox-recording.webm', mime: 'video/webm' },
  'mp4 index last': { file: 'moov-at-end.mp4', mime: 'video/mp4' },
  'mp4 fragmented': { file: 'fragmented.mp4', mime: 'video/mp4' },
} as const;
type Recorder = keyof typeof fixtures;
const recorders = Object.keys(fixtures) as Recorder[];

const original = (recorder: Recorder) =>
  readFileSync(new URL(`./__fixtures__/${fixtures[recorder].file}`, import.meta.url));
const storageRoot = mkdtempSync(path.join(tmpdir(), 'playable-video-storage-'));
afterAll(() => rmSync(storageRoot, { recursive: true, force: true }));
const storage = createLocalFileStorage(storageRoot, { maxWriteMs: 60_000 });

/** The playable file the product stores for `input`, or null; `made` false when it kept the input. */
async function playableVideo(mime: 'video/webm' | 'video/mp4', input: Buffer) {
  const stored = await storePlayableVideo(storage, {
    mime,
    bytes: input.length,
    key: 'as-uploaded',
    open: async () => Readable.from([input]),
  });
  if (!stored) return null;
  if (!stored.made) return { file: input, durationMs: stored.durationMs };
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(stored.key)) chunks.push(chunk as Buffer);
  return { file: Buffer.concat(chunks), durationMs: stored.durationMs };
}
const playable = async (recorder: Recorder) =>
  (await playableVideo(fixtures[recorder].mime, original(recorder)))!;

describe('playableVideo', () => {
  it.each(recorders)('gives the %s recording a duration of about two seconds', async (recorder) => {
    const result = await playable(recorder);
    expect(result.durationMs).toBeGreaterThan(1_800);
    expect(result.durationMs).toBeLessThan(3_000);
  });

  it('moves an MP4 index in front of the media, once', async () => {
    const moved = (await playable('mp4 index last')).file;
    expect(moved.indexOf('moov')).toBeLessThan(moved.indexOf('mdat'));
    expect(moved.length).toBe(original('mp4 index last').length);
    expect((await playableVideo('video/mp4', moved))!.file).toBe(moved);
  });

  it('writes the duration of a fragmented MP4 in place, once', async () => {
    const before = original('mp4 fragmented');
    const { file } = await playable('mp4 fragmented');
    expect(file.length).toBe(before.length);
    expect(file.equals(before)).toBe(false);
    expect((await playableVideo('video/mp4', file))!.file).toBe(file);
  });

  it('refuses bytes it cannot parse', async () => {
    const mp4 = original('mp4 index last');
    expect(await playableVideo('video/mp4', mp4.subarray(0, 100))).toBeNull();
    expect(await playableVideo('video/mp4', Buffer.from('not a video'))).toBeNull();
    expect(await playableVideo('video/webm', Buffer.from('not a video'))).toBeNull();
  });
});

const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

describe.skipIf(!existsSync(FFPROBE))('what ffprobe reads (scripts/ensure-ffmpeg.sh installs it)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'playable-video-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function probe(bytes: Buffer, name: string) {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    const out = execFileSync(FFPROBE, [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type',
      '-of',
      'json',
      file,
    ]);
    const json = JSON.parse(out.toString()) as {
      format: { duration?: string };
      streams: { codec_type: string }[];
    };
    // The last video packet, read after a seek to 1 s: a file ffprobe cannot seek in has none.
    const packets = execFileSync(FFPROBE, [
      '-v',
      'error',
      '-select_streams',
      'v',
      '-read_intervals',
      '1%',
      '-show_entries',
      'packet=pts_time',
      '-of',
      'csv=p=0',
      file,
    ]);
    const times = packets.toString().trim().split('\n').map(Number).filter(Number.isFinite);
    return {
      duration: json.format.duration === undefined ? NaN : Number(json.format.duration),
      kinds: json.streams.map((stream) => stream.codec_type).sort(),
      lastPacket: Math.max(...times),
    };
  }

  it('reads no duration in the Firefox recording as it arrives', () => {
    expect(probe(original('firefox'), 'firefox-original.webm').duration).toBeNaN();
  });

  it.each(recorders)(
    'reads the %s recording with its duration, both tracks and every frame',
    async (recorder) => {
      const result = await playable(recorder);
      const probed = probe(
        result.file,
        `${recorder.replace(/\W/g, '-')}.${fixtures[recorder].file.split('.')[1]}`,
      );
      expect(Math.abs(probed.duration * 1000 - result.durationMs!)).toBeLessThan(100);
      expect(probed.kinds).toEqual(['audio', 'video']);
      expect(probed.lastPacket).toBeGreaterThan(1.5);
    },
  );
});

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(chromiumPath))('what Chromium plays (the operator console)', () => {
  let browser: Browser;
  let page: Page;
  let server: http.Server;
  let baseUrl: string;
  const files = new Map<string, { body: Buffer; mime: string }>();

  beforeAll(async () => {
    for (const recorder of recorders) {
      const slug = recorder.replace(/\W/g, '-');
      files.set(`/original-${slug}`, { body: original(recorder), mime: fixtures[recorder].mime });
      files.set(`/playable-${slug}`, {
        body: (await playable(recorder)).file,
        mime: fixtures[recorder].mime,
      });
    }
    // Served with Range support, the way the console fetches video mails from the server.
    server = http.createServer((req, res) => {
      const entry = files.get(req.url ?? '');
      if (!entry) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>player</title>');
        return;
      }
      const { body, mime } = entry;
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      res.writeHead(range ? 206 : 200, {
        'content-type': mime,
        'accept-ranges': 'bytes',
        'content-length': end - start + 1,
        ...(range ? { 'content-range': `bytes ${start}-${end}/${body.length}` } : {}),
      });
      res.end(body.subarray(start, end + 1));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
    });
    page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  type Watched = {
    duration: number;
    seekedTo: number | null;
    ended: boolean;
    rewound: boolean;
    error: string | null;
  };

  /** Loads the file, jumps to 1.2 s, plays to the end, then again from the start, as an operator would. */
  function watch(url: string): Promise<Watched> {
    // A string expression: the server's tsconfig has no DOM types.
    return page.evaluate(`(async () => {
      const video = document.createElement('video');
      video.muted = true;
      document.body.append(video);
      const result = { duration: NaN, seekedTo: null, ended: false, rewound: false, error: null };
      const failed = new Promise((resolve) => (video.onerror = () => resolve('media error ' + video.error?.code + ' ' + video.error?.message)));
      const within = (promise, ms) => Promise.race([promise, failed, new Promise((resolve) => setTimeout(() => resolve('timeout'), ms))]);
      video.src = ${JSON.stringify(baseUrl)} + ${JSON.stringify(url)};
      const loaded = await within(new Promise((resolve) => (video.onloadedmetadata = () => resolve('ok'))), 10000);
      if (loaded !== 'ok') return { ...result, error: loaded };
      result.duration = video.duration;
      video.currentTime = 1.2;
      const seeked = await within(new Promise((resolve) => (video.onseeked = () => resolve('ok'))), 10000);
      if (seeked !== 'ok') return { ...result, error: seeked };
      result.seekedTo = video.currentTime;
      const ended = within(new Promise((resolve) => (video.onended = () => resolve('ok'))), 10000);
      await video.play();
      const end = await ended;
      result.ended = end === 'ok';
      if (end !== 'ok') {
        result.error = end;
        return result;
      }
      video.currentTime = 0;
      const rewound = await within(new Promise((resolve) => (video.onseeked = () => resolve('ok'))), 10000);
      const again = rewound === 'ok' ? within(new Promise((resolve) => (video.onended = () => resolve('ok'))), 10000) : rewound;
      if (rewound === 'ok') await video.play();
      const replayed = await again;
      result.rewound = replayed === 'ok';
      if (replayed !== 'ok') result.error = 'played again from the start: ' + replayed;
      video.remove();
      return result;
    })()`);
  }

  it('cannot seek in the Firefox recording as it arrives', async () => {
    const watched = await watch('/original-firefox');
    expect(Number.isFinite(watched.duration) && watched.ended).toBe(false);
  });

  it.each(recorders)('plays the %s recording from a seek to its end, then again from 0', async (recorder) => {
    const watched = await watch(`/playable-${recorder.replace(/\W/g, '-')}`);
    expect(watched.error).toBeNull();
    expect(Math.abs(watched.duration * 1000 - (await playable(recorder)).durationMs!)).toBeLessThan(100);
    expect(watched.seekedTo).toBeCloseTo(1.2, 1);
    expect(watched.ended).toBe(true);
    expect(watched.rewound).toBe(true);
  });
});
