import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../../config';
import {
  byteCounter,
  checkStorageKey,
  newStorageKey,
  pieceName,
  STORAGE_KEY_PATTERN,
  StoredFileMissingError,
  type FileStorage,
} from './file-storage';

export type S3StorageConfig = Extract<StorageConfig, { engine: 's3' }>;

/** Multipart parts of 5 MiB (S3's smallest), one in flight: an upload holds about 10 MiB at most. */
const PART_BYTES = 5 * 1024 * 1024;
const PIECES_SUFFIX = '.pieces/';

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // Checksums on every streamed upload are an AWS extension that S3-compatible stores do not all
    // understand (one stored them into the object); send them only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Objects of one bucket under the same keys as on disk; the pieces of a key are objects
 * `<key>.pieces/<index>`. Uploads stream through `@aws-sdk/lib-storage` in 5 MiB parts, so memory
 * stays flat whatever the file's size; an upload that fails or stalls past `maxWriteMs` is aborted
 * and leaves no object.
 */
export function createS3FileStorage(config: S3StorageConfig, options: { maxWriteMs: number }): FileStorage {
  const client = createS3Client(config);
  const Bucket = config.bucket;
  /** The uploads in progress, so that closing aborts them. */
  const writing = new Map<AbortController, Promise<unknown>>();

  async function upload(Key: string, source: Readable, maxBytes: number): Promise<number> {
    const counter = byteCounter(maxBytes);
    const body = new PassThrough();
    const transfer = new Upload({
      client,
      params: { Bucket, Key, Body: body },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    const timeout = setTimeout(() => void transfer.abort(), options.maxWriteMs);
    // As on disk: the server closing aborts the multipart upload (`abortWrites`).
    const cut = new AbortController();
    const feeding = pipeline(source, counter, body, { signal: cut.signal });
    const done = transfer.done();
    const uploaded = (async () => {
      try {
        await Promise.all([feeding, done]);
      } catch (error) {
        body.destroy();
        source.destroy();
        await transfer.abort().catch(() => undefined);
        await Promise.allSettled([feeding, done]);
        throw error;
      } finally {
        clearTimeout(timeout);
      }
    })();
    writing.set(cut, uploaded);
    try {
      await uploaded;
    } finally {
      writing.delete(cut);
    }
    return counter.bytes;
  }

  async function* listPrefix(Prefix: string | undefined) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, bytes: object.Size ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function getObject(Key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const object = await client.send(
        new GetObjectCommand({
          Bucket,
          Key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileMissingError(Key);
      // A range that starts past the end of an object (its first bytes of an empty one): no bytes.
      if (range && error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
        return Readable.from([]);
      }
      throw error;
    }
  }

  const storage: FileStorage = {
    engine: 's3',
    newKey: (extension) => newStorageKey(extension),
    async write(source, { extension, maxBytes }) {
      const key = newStorageKey(extension);
      return { key, bytes: await upload(key, source, maxBytes) };
    },
    async put(key, source, { maxBytes }) {
      return upload(checkStorageKey(key), source, maxBytes);
    },
    async read(key, range) {
      return getObject(checkStorageKey(key), range);
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkStorageKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkStorageKey(key) }));
      await storage.removePieces(key);
    },
    async *list() {
      for await (const object of listPrefix(undefined)) {
        if (STORAGE_KEY_PATTERN.test(object.key)) yield object;
      }
    },
    async putPiece(key, index, source, { maxBytes }) {
      return upload(`${checkStorageKey(key)}${PIECES_SUFFIX}${pieceName(index)}`, source, maxBytes);
    },
    async pieces(key) {
      const prefix = `${checkStorageKey(key)}${PIECES_SUFFIX}`;
      const found = [];
      for await (const object of listPrefix(prefix)) {
        const name = object.key.slice(prefix.length);
        if (/^\d{15}$/.test(name)) found.push({ index: Number(name), bytes: object.bytes });
      }
      return found.sort((a, b) => a.index - b.index);
    },
    async readPieces(key, indexes) {
      const names = (indexes ?? (await storage.pieces(key)).map((piece) => piece.index)).map(
        (index) => `${checkStorageKey(key)}${PIECES_SUFFIX}${pieceName(index)}`,
      );
      const out = new PassThrough();
      void (async () => {
        // One piece open at a time: the next request starts when the previous one is read.
        for (const name of names) await pipeline(await getObject(name), out, { end: false });
        out.end();
      })().catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
    async removePieces(key) {
      const prefix = `${checkStorageKey(key)}${PIECES_SUFFIX}`;
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        batch = [];
      };
      for await (const object of listPrefix(prefix)) {
        batch.push(object.key);
        if (batch.length === 1000) await flush();
      }
      await flush();
    },
    async abortWrites() {
      const pending = [...writing];
      for (const [cut] of pending) cut.abort(new Error('the server is closing'));
      await Promise.allSettled(pending.map(([, uploaded]) => uploaded));
    },
  };
  return storage;
}
