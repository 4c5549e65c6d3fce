import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  byteCounter,
  checkStorageKey,
  newStorageKey,
  pieceName,
  STORAGE_KEY_PATTERN,
  StoredFileMissingError,
  type FileStorage,
} from './file-storage';

const PIECES_SUFFIX = '.pieces';

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

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Files under `<DATA_DIR>/uploads/<year>/<month>/<random>.<ext>`, written to `.part` then renamed;
 * the pieces of a key in the folder `<key>.pieces/`. A write that takes longer than `maxWriteMs`
 * (a stalled upload) fails and leaves nothing.
 */
export function createLocalFileStorage(rootDir: string, options: { maxWriteMs: number }): FileStorage {
  const pathOf = (key: string) => path.join(rootDir, checkStorageKey(key));
  const piecesDir = (key: string) => `${pathOf(key)}${PIECES_SUFFIX}`;

  /** The writes in progress, so that closing cuts them and removes their `.part` files. */
  const writing = new Map<AbortController, Promise<unknown>>();

  async function writeFile(finalPath: string, source: Readable, maxBytes: number): Promise<number> {
    const partPath = `${finalPath}.part`;
    await mkdir(path.dirname(finalPath), { recursive: true });
    const counter = byteCounter(maxBytes);
    // A client gone mid-upload fails the source, and so the pipeline; a server closing aborts
    // `cut` (`abortWrites`). Either way the `.part` file goes at once.
    const cut = new AbortController();
    const written = (async () => {
      const file = createWriteStream(partPath);
      try {
        await pipeline(source, counter, file, {
          signal: AbortSignal.any([AbortSignal.timeout(options.maxWriteMs), cut.signal]),
        });
        await rename(partPath, finalPath);
      } catch (error) {
        // A write stream cut before its file was open still opens (creates) it, then closes: wait
        // for that, or the `.part` would appear after it was removed (a file over the limit is
        // refused at its first chunks, which is when this happens).
        if (!file.closed) await once(file, 'close').catch(() => undefined);
        await rm(partPath, { force: true });
        throw error;
      }
    })();
    writing.set(cut, written);
    try {
      await written;
    } finally {
      writing.delete(cut);
    }
    return counter.bytes;
  }

  const storage: FileStorage = {
    engine: 'local',
    newKey: (extension) => newStorageKey(extension),
    async write(source, { extension, maxBytes }) {
      const key = newStorageKey(extension);
      const bytes = await writeFile(pathOf(key), source, maxBytes);
      return { key, bytes };
    },
    async put(key, source, { maxBytes }) {
      return writeFile(pathOf(key), source, maxBytes);
    },
    async read(key, range) {
      const file = pathOf(key);
      // Opened before it is handed out, so a missing file is a rejection here and not a broken reply.
      const handle = await open(file).catch((error: unknown) => {
        throw isMissing(error) ? new StoredFileMissingError(key) : error;
      });
      return handle.createReadStream(range ?? {});
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
      await rm(piecesDir(key), { recursive: true, force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await readdir(rootDir, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      const keys = entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(rootDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .filter((key) => STORAGE_KEY_PATTERN.test(key))
        .sort();
      for (const key of keys) {
        const bytes = await storage.size(key);
        if (bytes !== undefined) yield { key, bytes };
      }
    },
    async putPiece(key, index, source, { maxBytes }) {
      return writeFile(path.join(piecesDir(key), pieceName(index)), source, maxBytes);
    },
    async pieces(key) {
      let names: string[];
      try {
        names = await readdir(piecesDir(key));
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const found = [];
      for (const name of names.filter((entry) => /^\d{15}$/.test(entry)).sort()) {
        const info = await stat(path.join(piecesDir(key), name)).catch(() => undefined);
        if (info) found.push({ index: Number(name), bytes: info.size });
      }
      return found;
    },
    async readPieces(key, indexes) {
      const dir = piecesDir(key);
      const names = (indexes ?? (await storage.pieces(key)).map((piece) => piece.index)).map((index) =>
        pieceName(index),
      );
      const out = new PassThrough();
      void (async () => {
        for (const name of names) await pipeline(createReadStream(path.join(dir, name)), out, { end: false });
        out.end();
      })().catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
    async removePieces(key) {
      await rm(piecesDir(key), { recursive: true, force: true });
    },
    async abortWrites() {
      const pending = [...writing];
      for (const [cut] of pending) cut.abort(new Error('the server is closing'));
      await Promise.allSettled(pending.map(([, written]) => written));
    },
  };
  return storage;
}
