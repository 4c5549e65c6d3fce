import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileTooLargeError, type FileStorage } from './file-storage';

const KEY_PATTERN = /^\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}\.[a-z0-9]{2,5}$/;

/**
 * Removes `.part` files a killed process left behind. Only those older than `olderThanMs` (the
 * longest an upload may take): a younger one may be another process's upload in progress.
 */
export async function sweepOrphanParts(rootDir: string, olderThanMs: number): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(rootDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const cutoff = Date.now() - olderThanMs;
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file).catch(() => undefined);
    if (!info || info.mtimeMs > cutoff) continue;
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}

/**
 * Files under `<DATA_DIR>/uploads/<year>/<month>/<random>.<ext>`, written to `.part` then renamed.
 * A write that takes longer than `maxWriteMs` (a stalled upload) fails and leaves nothing.
 */
export function createLocalFileStorage(rootDir: string, options: { maxWriteMs: number }): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(rootDir, key);
  };

  const newKey = (extension: string) => {
    const now = new Date();
    return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('base64url')}.${extension}`;
  };

  return {
    async write(source, { extension, maxBytes }) {
      const key = newKey(extension);
      const finalPath = pathOf(key);
      const partPath = `${finalPath}.part`;
      await mkdir(path.dirname(finalPath), { recursive: true });
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > maxBytes) callback(new FileTooLargeError(maxBytes));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(source, counter, createWriteStream(partPath), {
          signal: AbortSignal.timeout(options.maxWriteMs),
        });
        await rename(partPath, finalPath);
      } catch (error) {
        await rm(partPath, { force: true });
        throw error;
      }
      return { key, bytes };
    },
    async replace(key, content) {
      const target = pathOf(key);
      await writeFile(`${target}.part`, content);
      await rename(`${target}.part`, target);
    },
    async create(extension) {
      return newKey(extension);
    },
    async append(key, content) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await appendFile(target, content);
    },
    read(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },
    readAll(key) {
      return readFile(pathOf(key));
    },
    async size(key) {
      return (await stat(pathOf(key))).size;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
