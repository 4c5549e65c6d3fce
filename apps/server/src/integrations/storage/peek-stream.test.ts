import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { peekStream } from './peek-stream';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('peekStream', () => {
  it('reads whole chunks until it has the asked bytes, and the stream still yields everything', async () => {
    const source = Readable.from([Buffer.from('abc'), Buffer.from('def'), Buffer.from('ghi')]);
    const { head, stream } = await peekStream(source, 4);
    expect(head.toString()).toBe('abcdef');
    expect((await readAll(stream)).toString()).toBe('abcdefghi');
  });

  it('gives what there is when the stream is shorter, and nothing for an empty one', async () => {
    const short = await peekStream(Readable.from([Buffer.from('ab')]), 16);
    expect(short.head.toString()).toBe('ab');
    expect((await readAll(short.stream)).toString()).toBe('ab');
    const empty = await peekStream(Readable.from([]), 16);
    expect(empty.head.length).toBe(0);
    expect((await readAll(empty.stream)).length).toBe(0);
  });
});
