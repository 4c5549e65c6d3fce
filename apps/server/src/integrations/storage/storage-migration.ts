import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { FileStorage } from './file-storage';

export type MigrationReport = {
  /** Objects copied and verified in this run. */
  copied: { key: string; bytes: number }[];
  /** Objects the target already held, byte for byte (an earlier run copied them). */
  alreadyThere: number;
  /** Objects whose copy did not verify (removed from the target) or could not be made. */
  failed: { key: string; reason: string }[];
  /** Stopped before the end (interrupted); running it again goes on where it stopped. */
  stopped: boolean;
};

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
}

/**
 * Copies every object of `source` (the local folder) into `target` (the bucket) under the same key,
 * so the database's keys stay right. Each copy is verified (size and SHA-256 read back from the
 * target); one that does not match is removed and reported. An object the target already holds
 * with the same bytes is skipped, so an interrupted run (`signal`) is resumed by running it again.
 * Files are streamed; the source is never changed.
 */
export async function migrateStorage(
  source: FileStorage,
  target: FileStorage,
  options: {
    signal?: AbortSignal;
    onObject?: (key: string, outcome: 'copied' | 'already-there' | 'failed') => void;
  } = {},
): Promise<MigrationReport> {
  const report: MigrationReport = { copied: [], alreadyThere: 0, failed: [], stopped: false };
  for await (const object of source.list()) {
    if (options.signal?.aborted) {
      report.stopped = true;
      break;
    }
    const { key, bytes } = object;
    try {
      if ((await target.size(key)) === bytes) {
        const [here, there] = await Promise.all([
          sha256Of(await source.read(key)),
          sha256Of(await target.read(key)),
        ]);
        if (here === there) {
          report.alreadyThere++;
          options.onObject?.(key, 'already-there');
          continue;
        }
      }
      const hash = createHash('sha256');
      const written = await target.put(key, (await source.read(key)).pipe(hashing(hash)), {
        maxBytes: bytes,
      });
      const sent = hash.digest('hex');
      const stored = await target.size(key);
      const readBack = stored === bytes ? await sha256Of(await target.read(key)) : undefined;
      if (written !== bytes || readBack !== sent) {
        await target.remove(key);
        report.failed.push({ key, reason: `copy did not verify (${stored ?? 0} of ${bytes} bytes)` });
        options.onObject?.(key, 'failed');
        continue;
      }
      report.copied.push({ key, bytes });
      options.onObject?.(key, 'copied');
    } catch (error) {
      report.failed.push({ key, reason: (error as Error).message });
      options.onObject?.(key, 'failed');
    }
  }
  return report;
}
