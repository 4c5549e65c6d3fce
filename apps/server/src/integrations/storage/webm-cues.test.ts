import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completePrefix, seekableWebm } from './webm-cues';
import { readWebmDurationMs } from './webm-duration';

// ~2 s recorded once by Chromium's MediaRecorder (fake camera, vp8+opus, 500 ms timeslice).
const recording = readFileSync(new URL('./__fixtures__/chrome-recording.webm', import.meta.url));
const CUES = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
const SEEK_HEAD = Buffer.from([0x11, 0x4d, 0x9b, 0x74]);
const CLUSTER = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
/** Where the fixture's first whole video frame (its first key frame) ends. */
const FIRST_FRAME_END = 3095;

describe('seekableWebm', () => {
  it('writes the duration, a SeekHead and cues into a Chrome recording', () => {
    const result = seekableWebm(recording)!;
    expect(result.durationMs).toBeGreaterThan(1_500);
    expect(result.durationMs).toBeLessThan(3_000);
    expect(result.cues).toBeGreaterThanOrEqual(1);
    expect(readWebmDurationMs(result.file)).toBeCloseTo(result.durationMs, 6);
    expect(result.file.includes(CUES)).toBe(true);
    expect(result.file.includes(SEEK_HEAD)).toBe(true);
    // Only elements move: the frames are all there.
    expect(result.file.length).toBeGreaterThan(recording.length);
    expect(result.file.length - recording.length).toBeLessThan(1_000);
  });

  it('keeps every whole element of a recording cut inside a block (its last chunk never came)', () => {
    const cut = recording.subarray(0, Math.floor(recording.length * 0.6));
    const whole = completePrefix(cut)!;
    expect(whole).toBeLessThan(cut.length);
    const result = seekableWebm(cut)!;
    expect(result.durationMs).toBeGreaterThan(500);
    expect(result.durationMs).toBeLessThan(seekableWebm(recording)!.durationMs);
  });

  it('keeps a seekable file with a duration wherever the recording is cut, after its first frame', () => {
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

    const failed = [...cuts].filter((cut) => {
      const result = seekableWebm(recording.subarray(0, cut));
      return !result || !(result.durationMs > 0) || readWebmDurationMs(result.file) === null;
    });
    expect(failed).toEqual([]);
    // Before the first whole frame there is nothing to keep.
    expect(seekableWebm(recording.subarray(0, FIRST_FRAME_END - 1))).toBeNull();
  });

  it('refuses bytes that are not WebM', () => {
    expect(seekableWebm(Buffer.from('not a video at all'))).toBeNull();
    expect(completePrefix(Buffer.from([0x1a, 0x45]))).toBeUndefined();
  });
});
