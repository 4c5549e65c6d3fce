import { Readable } from 'node:stream';
import type { FileStorage } from './file-storage';
import type { SniffedType } from './magic-bytes';
import { faststartMp4 } from './mp4-faststart';
import { readCapped } from './peek-stream';
import { storeSeekableWebm } from './stored-webm';

/**
 * A recording as a browser's MediaRecorder made it becomes a file every browser can play from the
 * start and seek in (decision 028): a WebM from Chromium or Firefox gets a Duration, a SeekHead and
 * Cues, rewritten in two streamed passes into a new object (decision 029); Safari's MP4 gets its
 * index in front of the media. `open` reads the recording from its start each time; `key` is the
 * object it is already stored as, if any, kept when nothing needs to change. Null for bytes of
 * that type it cannot parse, which nobody could play either.
 */
export async function storePlayableVideo(
  storage: FileStorage,
  video: { mime: SniffedType['mime']; bytes: number; key?: string; open: () => Promise<Readable> },
): Promise<{ key: string; bytes: number; durationMs: number | null; made: boolean } | null> {
  if (video.mime === 'video/webm') {
    const seekable = await storeSeekableWebm(storage, video.open, { allowCut: false });
    return seekable && { ...seekable, made: true };
  }
  if (video.mime !== 'video/mp4') return null;
  // The MP4 index may sit anywhere: this one path still reads the file whole (at most the upload's
  // limit); WebM, what Chromium and Firefox record, never is.
  const input = await readCapped(await video.open(), video.bytes);
  const moved = faststartMp4(input);
  if (!moved) return null;
  if (moved.file === input && video.key) {
    return { key: video.key, bytes: input.length, durationMs: moved.durationMs, made: false };
  }
  const written = await storage.write(Readable.from([moved.file]), {
    extension: 'mp4',
    maxBytes: moved.file.length,
  });
  return { ...written, durationMs: moved.durationMs, made: true };
}
