import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readElementHeader, readKnownChildren, readUint, readWebmDurationMs } from './ebml-elements';
import { seekableWebm } from './webm-seekable';

// ~2 s recorded once by Chromium's MediaRecorder (fake camera, vp8+opus, 500 ms timeslice).
const recording = readFileSync(new URL('./__fixtures__/chrome-recording.webm', import.meta.url));

/** A minimal EBML element with an 8-byte size vint. */
function element(id: number[], ...body: Buffer[]): Buffer {
  const data = Buffer.concat(body);
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUIntBE(data.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, data]);
}

function uint(value: number, bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  out.writeUIntBE(value, 0, bytes);
  return out;
}

function block(track: number, relativeTimecode: number): Buffer {
  const out = Buffer.alloc(8);
  out[0] = 0x80 | track;
  out.writeInt16BE(relativeTimecode, 1);
  out[3] = 0x80;
  return out;
}

/** A known-size Segment and Cluster: a SimpleBlock at 1500 and a BlockGroup at 1700 lasting 400. */
function syntheticWebm({ timecodeScaleNs = 1_000_000, seekHead = false } = {}): Buffer {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm')));
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], uint(timecodeScaleNs, 4)));
  const track = (number: number, type: number) =>
    element([0xae], element([0xd7], uint(number, 1)), element([0x83], uint(type, 1)));
  const tracks = element([0x16, 0x54, 0xae, 0x6b], track(1, 1), track(2, 2));
  const cluster = element(
    [0x1f, 0x43, 0xb6, 0x75],
    element([0xe7], uint(1000, 2)),
    element([0xa3], block(1, 500)),
    element([0xa0], element([0xa1], block(2, 700)), element([0x9b], uint(400, 2))),
  );
  const children = seekHead
    ? [element([0x11, 0x4d, 0x9b, 0x74]), info, tracks, cluster]
    : [info, tracks, cluster];
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], ...children)]);
}

/** Both passes over `input`, read in chunks of `chunkBytes` (element boundaries fall anywhere). */
async function rewrite(input: Buffer, { allowCut = false, chunkBytes = 977 } = {}) {
  const open = async () => {
    const chunks: Buffer[] = [];
    for (let at = 0; at < input.length; at += chunkBytes) chunks.push(input.subarray(at, at + chunkBytes));
    return Readable.from(chunks);
  };
  const result = await seekableWebm(open, { allowCut });
  if (!result) return null;
  const parts: Buffer[] = [];
  for await (const part of await result.stream()) parts.push(part as Buffer);
  return { ...result.plan, file: Buffer.concat(parts) };
}

const CUES = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
const SEEK_HEAD = Buffer.from([0x11, 0x4d, 0x9b, 0x74]);
const CLUSTER = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
/** Where the fixture's first whole video frame (its first key frame) ends. */
const FIRST_FRAME_END = 3095;

/** The (time, track) pairs of the file's Cues, read with the product's own element reader. */
function cuedTracks(file: Buffer): { time: number; track: number }[] {
  const cues = file.subarray(file.lastIndexOf(CUES));
  const out: { time: number; track: number }[] = [];
  for (const point of readKnownChildren(cues, readElementHeader(cues, 0, cues.length))) {
    const fields = readKnownChildren(cues, point);
    const time = readUint(
      cues,
      fields.find((field) => field.id === 0xb3)!,
    );
    for (const positions of fields.filter((field) => field.id === 0xb7)) {
      const track = readKnownChildren(cues, positions).find((field) => field.id === 0xf7)!;
      out.push({ time, track: readUint(cues, track) });
    }
  }
  return out;
}

describe('seekableWebm on a real Firefox MediaRecorder file', () => {
  const firefox = readFileSync(new URL('./__fixtures__/firefox-recording.webm', import.meta.url));

  // Chromium seeks through the audio track before the video's first frame (every seek to 0 here,
  // Firefox's Opus starting 1 ms early): without an audio cue, going back to the start failed.
  it('cues the audio track as well as the video one, in time order', async () => {
    const result = (await rewrite(firefox))!;
    const cues = cuedTracks(result.file);
    const tracks = new Set(cues.map((cue) => cue.track));
    expect(tracks.size).toBe(2);
    // Each Cluster of this file (one a second) has an audio cue; the only video key frame is the
    // first. The first audio block is at 6 ms, but its cue is at the Cluster's first block, the key
    // frame at 0: a seek to the audio cue drops what comes before its time, on every track.
    expect(cues.filter((cue) => cue.track === 2).length).toBe(3);
    expect(cues.slice(0, 2)).toEqual([
      { time: 0, track: 1 },
      { time: 0, track: 2 },
    ]);
    expect(cues.map((cue) => cue.time)).toEqual([...cues.map((cue) => cue.time)].sort((a, b) => a - b));
  });
});

describe('seekableWebm on a real Chrome MediaRecorder file', () => {
  it('starts without a Duration', () => {
    expect(readWebmDurationMs(recording)).toBeNull();
  });

  it('writes the duration, a SeekHead and cues, and says how long the file is beforehand', async () => {
    const result = (await rewrite(recording))!;
    expect(result.durationMs).toBeGreaterThan(1_500);
    expect(result.durationMs).toBeLessThan(3_000);
    expect(result.cues).toBeGreaterThanOrEqual(1);
    expect(result.cut).toBe(false);
    expect(result.file.length).toBe(result.bytes);
    expect(readWebmDurationMs(result.file)).toBeCloseTo(result.durationMs, 6);
    expect([...result.file.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(result.file.includes(CUES)).toBe(true);
    expect(result.file.includes(SEEK_HEAD)).toBe(true);
    // Only elements move: the frames are all there.
    expect(result.file.length).toBeGreaterThan(recording.length);
    expect(result.file.length - recording.length).toBeLessThan(1_000);
  });

  it('gives the same file whatever the size of the chunks it reads', async () => {
    const reference = (await rewrite(recording, { chunkBytes: recording.length }))!.file;
    for (const chunkBytes of [3, 7, 4096]) {
      expect((await rewrite(recording, { chunkBytes }))!.file.equals(reference)).toBe(true);
    }
  });

  it('keeps the duration of a file that has one, and rewrites its own output to the same bytes', async () => {
    const once = (await rewrite(recording))!;
    const twice = (await rewrite(once.file))!;
    expect(twice.durationMs).toBeCloseTo(once.durationMs, 6);
    expect(twice.file.equals(once.file)).toBe(true);
  });

  it('keeps every whole element of a recording cut inside a block, when cuts are allowed', async () => {
    const cut = recording.subarray(0, Math.floor(recording.length * 0.6));
    expect(await rewrite(cut)).toBeNull();
    const result = (await rewrite(cut, { allowCut: true }))!;
    expect(result.cut).toBe(true);
    expect(result.durationMs).toBeGreaterThan(500);
    expect(result.durationMs).toBeLessThan((await rewrite(recording))!.durationMs);
    expect(readWebmDurationMs(result.file)).toBeCloseTo(result.durationMs, 6);
  });

  it('keeps a seekable file with a duration wherever the recording is cut, after its first frame', async () => {
    // The last chunk that arrived ends where MediaRecorder's timeslice fell: anywhere, also inside
    // the ID of the next Cluster. Every byte near a Cluster's start, and a sample of the rest.
    const clusterStarts: number[] = [];
    for (let at = recording.indexOf(CLUSTER); at !== -1; at = recording.indexOf(CLUSTER, at + 1))
      clusterStarts.push(at);
    expect(clusterStarts.length).toBeGreaterThanOrEqual(3);
    const cuts = new Set<number>();
    for (const start of clusterStarts.slice(1)) for (let d = -24; d <= 24; d++) cuts.add(start + d);
    for (let cut = FIRST_FRAME_END; cut <= recording.length; cut += 97) cuts.add(cut);
    cuts.add(recording.length);

    const failed: number[] = [];
    for (const cut of cuts) {
      const result = await rewrite(recording.subarray(0, cut), { allowCut: true, chunkBytes: 4096 });
      if (!result || !(result.durationMs > 0) || readWebmDurationMs(result.file) === null) failed.push(cut);
    }
    expect(failed).toEqual([]);
    // Before the first whole frame there is nothing to keep.
    expect(await rewrite(recording.subarray(0, FIRST_FRAME_END - 1), { allowCut: true })).toBeNull();
  });
});

describe('seekableWebm on synthetic files', () => {
  it('counts BlockDuration and writes a known Segment size', async () => {
    const result = (await rewrite(syntheticWebm()))!;
    expect(result.durationMs).toBe(2100);
    // Parsing is strict about sizes, so reading it back proves the Segment size is right.
    expect(readWebmDurationMs(result.file)).toBe(2100);
  });

  it('honours TimecodeScale', async () => {
    const result = (await rewrite(syntheticWebm({ timecodeScaleNs: 2_000_000 })))!;
    expect(result.durationMs).toBe(4200);
    expect(readWebmDurationMs(result.file)).toBe(4200);
  });

  it('replaces a SeekHead it found with its own, and writes the duration', async () => {
    const input = syntheticWebm({ seekHead: true });
    const result = (await rewrite(input))!;
    expect(result.durationMs).toBe(2100);
    expect(readWebmDurationMs(result.file)).toBe(2100);
    expect(result.file.indexOf(SEEK_HEAD)).toBe(result.file.lastIndexOf(SEEK_HEAD));
  });

  it('returns null for garbage and truncated input without throwing', async () => {
    let seed = 42;
    const noise = Buffer.from(
      Array.from({ length: 4096 }, () => (seed = (seed * 48271) % 2147483647) & 0xff),
    );
    const wrongDocType = Buffer.from(syntheticWebm().toString('latin1').replace('webm', 'xxxx'), 'latin1');
    const inputs = [
      Buffer.alloc(0),
      Buffer.from('definitely not a webm file'),
      noise,
      wrongDocType,
      ...[3, 40, 100, recording.length - 5].map((length) => recording.subarray(0, length)),
    ];
    for (const input of inputs) {
      expect(await rewrite(input)).toBeNull();
      expect(readWebmDurationMs(input)).toBeNull();
    }
    expect(await rewrite(Buffer.from([0x1a, 0x45]), { allowCut: true })).toBeNull();
  });
});

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(chromiumPath))('what Chromium shows for the recording', () => {
  let browser: Browser;
  let page: Page;
  let server: http.Server;
  let baseUrl: string;
  let fixed: NonNullable<Awaited<ReturnType<typeof rewrite>>>;
  const files: Record<string, Buffer> = { '/original.webm': recording };

  beforeAll(async () => {
    fixed = (await rewrite(recording))!;
    files['/fixed.webm'] = fixed.file;
    // Served with Range support, the way operators fetch recordings from the server.
    server = http.createServer((req, res) => {
      const body = files[req.url ?? ''];
      if (!body) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>player</title>');
        return;
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      res.writeHead(range ? 206 : 200, {
        'content-type': 'video/webm',
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
      args: ['--no-sandbox', '--disable-gpu'],
    });
    page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  // A string expression: the server's tsconfig has no DOM types.
  function videoDuration(path: string): Promise<{ duration: number; seekableEnd: number | null }> {
    return page.evaluate(`(async () => {
      const video = document.createElement('video');
      video.muted = true;
      video.preload = 'metadata';
      await new Promise((resolve, reject) => {
        video.onloadedmetadata = resolve;
        video.onerror = () => reject(new Error('media error ' + video.error?.code));
        video.src = ${JSON.stringify(baseUrl + path)};
      });
      return { duration: video.duration, seekableEnd: video.seekable.length ? video.seekable.end(0) : null };
    })()`);
  }

  it('has no timeline for the original recording', async () => {
    expect((await videoDuration('/original.webm')).duration).toBe(Infinity);
  });

  it('has a finite, seekable timeline once rewritten', async () => {
    const { duration, seekableEnd } = await videoDuration('/fixed.webm');
    expect(Number.isFinite(duration)).toBe(true);
    expect(Math.abs(duration - fixed.durationMs / 1000)).toBeLessThan(0.5);
    expect(seekableEnd).toBeCloseTo(duration, 3);
  });
});
