import type { Readable } from 'node:stream';
import type { FileStorage } from './file-storage';
import { seekableWebm } from './webm-seekable';

/**
 * Writes a seekable copy (decision 029) of the WebM that `open` reads, under a new key, reading it
 * twice as a stream. Null when the bytes are not a WebM that can be rewritten; the input stays.
 */
export async function storeSeekableWebm(
  storage: FileStorage,
  open: () => Promise<Readable>,
  options: { allowCut: boolean },
): Promise<{ key: string; bytes: number; durationMs: number } | null> {
  const seekable = await seekableWebm(open, options);
  if (!seekable) return null;
  const { key, bytes } = await storage.write(await seekable.stream(), {
    extension: 'webm',
    maxBytes: seekable.plan.bytes,
  });
  return { key, bytes, durationMs: seekable.plan.durationMs };
}
