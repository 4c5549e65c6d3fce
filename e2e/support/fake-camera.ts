import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The camera every Chromium of the journeys films with: a 640×480 clip at 10 frames a second
 * (a bar crossing a gradient, looped), the smallest picture the call's constraints accept (spec
 * §9: width min 640, height min 480). Chromium's built-in fake device films at the constraints'
 * ideal 1280×720 instead, and encoding, decoding and drawing three times the pixels on both sides
 * of every call was the largest share of the journeys' CPU on a two-core machine (docs/testing.md).
 *
 * Written once per machine (a few milliseconds) as a YUV4MPEG2 file, the format Chromium's
 * `--use-file-for-fake-video-capture` reads, so nothing needs ffmpeg.
 */
const WIDTH = 640;
const HEIGHT = 480;
const FRAMES_PER_SECOND = 10;
const FRAMES = 20;
const BAR_WIDTH = 48;

export const fakeCameraFile = path.join(
  tmpdir(),
  `seguridad-fake-camera-${WIDTH}x${HEIGHT}-${FRAMES_PER_SECOND}fps-v1.y4m`,
);

function frame(index: number): Buffer {
  const lumaSize = WIDTH * HEIGHT;
  const chromaSize = (WIDTH / 2) * (HEIGHT / 2);
  const picture = Buffer.alloc(lumaSize + 2 * chromaSize, 128);
  const barStart = Math.round((index / FRAMES) * (WIDTH - BAR_WIDTH));
  for (let y = 0; y < HEIGHT; y++) {
    const row = y * WIDTH;
    for (let x = 0; x < WIDTH; x++) {
      const inBar = x >= barStart && x < barStart + BAR_WIDTH;
      picture[row + x] = inBar ? 235 : 16 + Math.round((x / WIDTH) * 160 + (y / HEIGHT) * 40);
    }
  }
  return picture;
}

/** The clip's path, written first if this machine does not have it yet. */
export function ensureFakeCamera(): string {
  if (existsSync(fakeCameraFile)) return fakeCameraFile;
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F${FRAMES_PER_SECOND}:1 Ip A1:1 C420jpeg\n`);
  const frameHeader = Buffer.from('FRAME\n');
  const parts: Buffer[] = [header];
  for (let index = 0; index < FRAMES; index++) parts.push(frameHeader, frame(index));
  // Written aside and renamed: a second runner starting at the same moment never reads half a file.
  const partial = `${fakeCameraFile}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.concat(parts));
  renameSync(partial, fakeCameraFile);
  return fakeCameraFile;
}
