import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWebmDurationMs, withWebmDuration } from './webm-duration';

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
  const cluster = element(
    [0x1f, 0x43, 0xb6, 0x75],
    element([0xe7], uint(1000, 2)),
    element([0xa3], block(1, 500)),
    element([0xa0], element([0xa1], block(2, 700)), element([0x9b], uint(400, 2))),
  );
  const children = seekHead ? [element([0x11, 0x4d, 0x9b, 0x74]), info, cluster] : [info, cluster];
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], ...children)]);
}

describe('withWebmDuration on a real Chrome MediaRecorder file', () => {
  it('starts without a Duration', () => {
    expect(readWebmDurationMs(recording)).toBeNull();
  });

  it('writes a Duration that matches the recording length', () => {
    const result = withWebmDuration(recording);
    expect(result).not.toBeNull();
    const { file, durationMs } = result!;
    expect(durationMs).toBeGreaterThan(1500);
    expect(durationMs).toBeLessThan(3000);
    expect(readWebmDurationMs(file)).toBeCloseTo(durationMs, 6);
    expect([...file.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    // Only Info grows: the Cluster bytes after it are untouched.
    expect(file.subarray(file.length - 1000).equals(recording.subarray(recording.length - 1000))).toBe(true);
  });

  it('is idempotent and returns a file that already has a Duration as is', () => {
    const fixed = withWebmDuration(recording)!;
    const again = withWebmDuration(fixed.file);
    expect(again?.file).toBe(fixed.file);
    expect(again?.durationMs).toBeCloseTo(fixed.durationMs, 6);
  });
});

describe('withWebmDuration on synthetic files', () => {
  it('counts BlockDuration and rewrites a known Segment size consistently', () => {
    const result = withWebmDuration(syntheticWebm())!;
    expect(result.durationMs).toBe(2100);
    // Parsing is strict about sizes, so reading it back proves the Segment size was updated.
    expect(readWebmDurationMs(result.file)).toBe(2100);
  });

  it('honours TimecodeScale', () => {
    const result = withWebmDuration(syntheticWebm({ timecodeScaleNs: 2_000_000 }))!;
    expect(result.durationMs).toBe(4200);
    expect(readWebmDurationMs(result.file)).toBe(4200);
  });

  it('leaves a file with a SeekHead unchanged but still reports the computed duration', () => {
    const input = syntheticWebm({ seekHead: true });
    const result = withWebmDuration(input);
    expect(result?.file).toBe(input);
    expect(result?.durationMs).toBe(2100);
    expect(readWebmDurationMs(input)).toBeNull();
  });

  it('returns null for garbage and truncated input without throwing', () => {
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
      expect(() => withWebmDuration(input)).not.toThrow();
      expect(withWebmDuration(input)).toBeNull();
      expect(readWebmDurationMs(input)).toBeNull();
    }
  });
});

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(chromiumPath))('what Chromium shows for the recording', () => {
  let browser: Browser;
  let page: Page;
  let server: http.Server;
  let baseUrl: string;
  const fixed = withWebmDuration(recording)!;
  const files: Record<string, Buffer> = { '/original.webm': recording, '/fixed.webm': fixed.file };

  beforeAll(async () => {
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

  it('has a finite, seekable timeline once the Duration is written', async () => {
    const { duration, seekableEnd } = await videoDuration('/fixed.webm');
    expect(Number.isFinite(duration)).toBe(true);
    expect(Math.abs(duration - fixed.durationMs / 1000)).toBeLessThan(0.5);
    expect(seekableEnd).toBeCloseTo(duration, 3);
  });
});
