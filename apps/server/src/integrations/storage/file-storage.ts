import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/** Thrown when a stream is larger than the caller allows; nothing is kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

/** Thrown by `read` for a key that holds no object (removed, or never written): a 404 if it reaches a reply. */
export class StoredFileMissingError extends Error {
  readonly statusCode = 404;
  constructor(readonly key: string) {
    super(`no stored file at ${key}`);
  }
}

/** Whether an upload failed for its size: past the caller's limit, or past the multipart plugin's. */
export function isFileTooLarge(error: unknown): boolean {
  return error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

export type StorageEngine = 'local' | 's3';

/** A part of an object written on its own (a recording's chunk, one request of a resumable upload). */
export type StoredPiece = { index: number; bytes: number };

/**
 * Where uploaded files live: a folder of this machine (the default) or an S3-compatible bucket,
 * behind one interface so that no caller knows which (decision 029). Keys are made here; a
 * user-supplied name never becomes a path or an object name. Nothing here holds a whole file in
 * memory: bytes go in and out as streams.
 */
export interface FileStorage {
  readonly engine: StorageEngine;
  /** A fresh key, for `put` or for pieces. */
  newKey(extension: string): string;
  /** Streams into an object under a new key; the object exists only once the whole stream was written. */
  write(
    source: Readable,
    options: { extension: string; maxBytes: number },
  ): Promise<{ key: string; bytes: number }>;
  /** Streams into the object of `key` (made by `newKey`), replacing it whole once written; returns its size. */
  put(key: string, source: Readable, options: { maxBytes: number }): Promise<number>;
  /** The object's bytes, or those of one inclusive range. Rejects with `StoredFileMissingError`. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The object's size in bytes, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Removes the object (and any pieces of the key); nothing there is not an error. */
  remove(key: string): Promise<void>;
  /** Every object, with its size (pieces not included): what a migration copies. */
  list(): AsyncIterable<{ key: string; bytes: number }>;
  /**
   * Stores piece `index` of `key` as its own object, replacing a piece of that index. Pieces are
   * read back in index order by `readPieces`; they never show in `list`.
   */
  putPiece(key: string, index: number, source: Readable, options: { maxBytes: number }): Promise<number>;
  /** The pieces of `key`, in index order. */
  pieces(key: string): Promise<StoredPiece[]>;
  /** The pieces of `key` (only those of `indexes`, when given) one after another, as one stream. */
  readPieces(key: string, indexes?: number[]): Promise<Readable>;
  removePieces(key: string): Promise<void>;
  /**
   * Cuts every write this process has in progress and waits until each left nothing behind (the
   * server is closing: an upload cut now would otherwise stay as a partial file or upload).
   */
  abortWrites(): Promise<void>;
}

/** `<year>/<month>/<22 random characters>.<extension>`: spreads objects, and tells nothing of their content. */
export const STORAGE_KEY_PATTERN = /^\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}\.[a-z0-9]{2,5}$/;

export function newStorageKey(extension: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('base64url')}.${extension}`;
}

export function checkStorageKey(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** A piece's name: zero-padded, so that names sort as their indexes do. */
export function pieceName(index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`invalid piece index: ${index}`);
  return String(index).padStart(15, '0');
}

/** Passes bytes through, counting them, and fails with `FileTooLargeError` past `maxBytes`. */
export function byteCounter(maxBytes: number): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}
