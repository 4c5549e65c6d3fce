import type { Readable } from 'node:stream';

/** Thrown when a stream is larger than the caller allows; nothing is kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

/** Whether an upload failed for its size: past the caller's limit, or past the multipart plugin's. */
export function isFileTooLarge(error: unknown): boolean {
  return error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Where uploaded files live: a local folder by default, object storage later. Keys are generated
 * here; a user-supplied name never becomes a path.
 */
export interface FileStorage {
  /** Streams into a new object; the object exists only once the whole stream was written. */
  write(
    source: Readable,
    options: { extension: string; maxBytes: number },
  ): Promise<{ key: string; bytes: number }>;
  replace(key: string, content: Buffer): Promise<void>;
  /**
   * A key for content that arrives in pieces (a call recording's chunks); the object exists from
   * its first `append`.
   */
  create(extension: string): Promise<string>;
  /** Adds bytes at the end of the object of a key from `create` (creating it on the first). */
  append(key: string, content: Buffer): Promise<void>;
  read(key: string, range?: { start: number; end: number }): Readable;
  readAll(key: string): Promise<Buffer>;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}
