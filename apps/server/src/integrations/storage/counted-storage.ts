import type { Readable } from 'node:stream';
import type { ServerMetrics } from '../../plugins/metrics/server-metrics';
import { isFileTooLarge, type FileStorage } from './file-storage';

/**
 * The storage engine with its uploads counted: bytes stored, and uploads that failed (too large,
 * or cut off and not kept). Whatever engine stores the files, this is where they are counted.
 */
export function countedStorage(storage: FileStorage, metrics: ServerMetrics): FileStorage {
  async function counted<T>(store: () => Promise<T>, bytesOf: (stored: T) => number): Promise<T> {
    try {
      const stored = await store();
      metrics.uploadStored(bytesOf(stored));
      return stored;
    } catch (error) {
      metrics.uploadFailed(isFileTooLarge(error) ? 'too_large' : 'error');
      throw error;
    }
  }
  // Every method delegated by name: an engine may be a class, whose methods a spread would miss.
  return {
    engine: storage.engine,
    newKey: (extension) => storage.newKey(extension),
    read: (key, range) => storage.read(key, range),
    size: (key) => storage.size(key),
    remove: (key) => storage.remove(key),
    list: () => storage.list(),
    pieces: (key) => storage.pieces(key),
    readPieces: (key, indexes) => storage.readPieces(key, indexes),
    removePieces: (key) => storage.removePieces(key),
    abortWrites: () => storage.abortWrites(),
    write: (source: Readable, options) =>
      counted(
        () => storage.write(source, options),
        (stored) => stored.bytes,
      ),
    put: (key, source, options) =>
      counted(
        () => storage.put(key, source, options),
        (bytes) => bytes,
      ),
    putPiece: (key, index, source, options) =>
      counted(
        () => storage.putPiece(key, index, source, options),
        (bytes) => bytes,
      ),
  };
}
