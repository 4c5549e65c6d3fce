import { faststartMp4 } from './mp4-faststart';
import type { SniffedType } from './magic-bytes';
import { seekableWebm } from './webm-cues';

/**
 * A recording as a browser's MediaRecorder made it becomes a file every browser can play from the
 * start and seek in (decision 028): a WebM from Chromium or Firefox gets a Duration, a SeekHead and
 * Cues; Safari's MP4 gets its index in front of the media. Null for bytes of that type it cannot
 * parse, which nobody could play either.
 */
export function playableVideo(
  mime: SniffedType['mime'],
  input: Buffer,
): { file: Buffer; durationMs: number | null } | null {
  if (mime === 'video/webm') return seekableWebm(input);
  if (mime === 'video/mp4') return faststartMp4(input);
  return null;
}
