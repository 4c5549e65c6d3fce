import { FileTooLargeError } from './file-storage';
import { Readable } from 'node:stream';

/**
 * The first bytes of a stream (at least `bytes`, unless the stream is shorter), and a stream that
 * still yields everything: for telling what an upload is before it is stored.
 */
export async function peekStream(
  source: Readable,
  bytes: number,
): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const { value, done } = await iterator.next();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  const head = Buffer.concat(chunks);
  async function* everything() {
    if (head.length > 0) yield head;
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) return;
      yield value;
    }
  }
  return { head, stream: Readable.from(everything()) };
}

/** The whole of a small stream, refused with `FileTooLargeError` past `maxBytes` without reading on. */
export async function readCapped(source: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) throw new FileTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
