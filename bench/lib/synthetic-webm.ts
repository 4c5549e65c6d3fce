import { Readable } from 'node:stream';

/** An 8-byte EBML size vint: the length of an element's header never depends on its size. */
function size8(value: number): Buffer {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(value, 2, 6);
  return out;
}

function element(id: number[], body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id), size8(body.length), body]);
}

const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const BLOCK_PAYLOAD = 64 * 1024;
const BLOCKS_PER_CLUSTER = 30;

/**
 * A WebM laid out as Chrome's MediaRecorder writes it (unknown-size Segment and Clusters, no
 * Duration, no Cues) of about `bytes`, made as it is read: a 100 MB upload that the bench itself
 * never holds in memory. The frames are not decodable; the container is what the server rewrites.
 */
export function syntheticWebm(bytes: number): { size: number; stream: () => Readable } {
  const header = Buffer.concat([
    element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm'))),
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    UNKNOWN_SIZE,
    element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]))),
    element(
      [0x16, 0x54, 0xae, 0x6b],
      element([0xae], Buffer.concat([element([0xd7], Buffer.from([1])), element([0x83], Buffer.from([1]))])),
    ),
  ]);
  const payload = Buffer.alloc(BLOCK_PAYLOAD, 0x5a);
  const block = (relative: number, keyframe: boolean) => {
    const head = Buffer.from([0x81, 0, 0, keyframe ? 0x80 : 0]);
    head.writeInt16BE(relative, 1);
    return Buffer.concat([Buffer.from([0xa3]), size8(head.length + payload.length), head]);
  };
  const clusterHead = (timecode: number) => {
    const value = Buffer.alloc(4);
    value.writeUInt32BE(timecode);
    return Buffer.concat([
      Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
      UNKNOWN_SIZE,
      Buffer.from([0xe7, 0x84]),
      value,
    ]);
  };
  const blockBytes = block(0, true).length + payload.length;
  const clusterBytes = clusterHead(0).length + BLOCKS_PER_CLUSTER * blockBytes;
  const clusters = Math.max(1, Math.round((bytes - header.length) / clusterBytes));
  return {
    size: header.length + clusters * clusterBytes,
    stream: () =>
      Readable.from(
        (function* () {
          yield header;
          for (let cluster = 0; cluster < clusters; cluster++) {
            yield clusterHead(cluster * 1000);
            for (let index = 0; index < BLOCKS_PER_CLUSTER; index++) {
              yield block(index * 33, index === 0);
              yield payload;
            }
          }
        })(),
      ),
  };
}
