import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completePrefix, seekableWebm } from './webm-cues';
import { readWebmDurationMs } from './webm-duration';

// ~2 s recorded once by Chromium's MediaRecorder (fake camera, vp8+opus, 500 ms timeslice).
const recording = readFileSync(new URL('./__fixtures__/chrome-recording.webm', import.meta.url));
const CUES = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
const SEEK_HEAD = Buffer.from([0x11, 0x4d, 0x9b, 0x74]);

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

  it('refuses bytes that are not WebM', () => {
    expect(seekableWebm(Buffer.from('not a video at all'))).toBeNull();
    expect(completePrefix(Buffer.from([0x1a, 0x45]))).toBeUndefined();
  });
});
