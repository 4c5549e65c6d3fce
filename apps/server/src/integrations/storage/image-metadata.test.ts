import { describe, expect, it } from 'vitest';
import { stripImageMetadata } from './image-metadata';

const jpeg = { mime: 'image/jpeg', extension: 'jpg' } as const;
const png = { mime: 'image/png', extension: 'png' } as const;
const webp = { mime: 'image/webp', extension: 'webp' } as const;

function segment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** A little-endian EXIF block with orientation and a GPS pointer, as phones write them. */
function exifWithGps(orientation: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 2 * 12 + 4 + 16);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  tiff.writeUInt16LE(0x8825, 22); // GPS IFD pointer
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(38, 30);
  tiff.write('GPS-33.4489-70.6693', 38, 'latin1');
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

const scan = Buffer.concat([segment(0xda, Buffer.from([1, 2, 3, 4])), Buffer.from([9, 9, 9, 0xff, 0xd9])]);
const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01', 'latin1'));

describe('stripping image metadata', () => {
  it('drops EXIF with GPS, XMP, IPTC and comments from a JPEG, keeping JFIF and the picture', () => {
    const photo = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      jfif,
      segment(0xe1, exifWithGps(1)),
      segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Santiago</x:xmpmeta>', 'latin1')),
      segment(0xed, Buffer.from('Photoshop 3.0\0IPTC', 'latin1')),
      segment(0xfe, Buffer.from('Casa de Ana', 'latin1')),
      segment(0xdb, Buffer.alloc(65, 1)),
      scan,
    ]);
    const cleaned = stripImageMetadata(photo, jpeg)!;
    expect(
      cleaned.equals(
        Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, segment(0xdb, Buffer.alloc(65, 1)), scan]),
      ),
    ).toBe(true);
    expect(cleaned.toString('latin1')).not.toMatch(/GPS|Santiago|IPTC|Casa/);
  });

  it("keeps a JPEG's orientation in a minimal EXIF block so portraits stay upright", () => {
    const photo = Buffer.concat([Buffer.from([0xff, 0xd8]), segment(0xe1, exifWithGps(6)), scan]);
    const cleaned = stripImageMetadata(photo, jpeg)!;
    expect(cleaned.toString('latin1')).not.toContain('GPS');
    const app1 = cleaned.subarray(2, 2 + 4 + 32);
    expect(app1.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xe1]));
    expect(app1.toString('latin1', 4, 10)).toBe('Exif\0\0');
    // Big-endian TIFF, one entry: tag 0x0112, SHORT, count 1, value 6.
    expect(app1.readUInt16BE(10 + 8 + 2)).toBe(0x0112);
    expect(app1.readUInt16BE(10 + 8 + 10)).toBe(6);
    expect(cleaned.subarray(2 + app1.length).equals(scan)).toBe(true);
  });

  it('refuses a JPEG whose segments do not add up', () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.from([0xff, 0xe1, 0x40, 0x00, 1, 2])]);
    expect(stripImageMetadata(broken, jpeg)).toBeUndefined();
    expect(stripImageMetadata(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0x00, 0x00]), jpeg)).toBeUndefined();
  });

  function pngChunk(kind: string, data: Buffer): Buffer {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(data.length, 0);
    header.write(kind, 4, 'latin1');
    return Buffer.concat([header, data, Buffer.alloc(4)]);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it('drops the text, EXIF and time chunks of a PNG', () => {
    const ihdr = pngChunk('IHDR', Buffer.alloc(13, 1));
    const idat = pngChunk('IDAT', Buffer.alloc(20, 2));
    const iend = pngChunk('IEND', Buffer.alloc(0));
    const image = Buffer.concat([
      signature,
      ihdr,
      pngChunk('tEXt', Buffer.from('Location\0Santiago', 'latin1')),
      pngChunk('eXIf', Buffer.from('GPS', 'latin1')),
      idat,
      pngChunk('iTXt', Buffer.from('XML:com.adobe.xmp\0', 'latin1')),
      iend,
    ]);
    expect(stripImageMetadata(image, png)!.equals(Buffer.concat([signature, ihdr, idat, iend]))).toBe(true);
    expect(stripImageMetadata(Buffer.concat([signature, ihdr]), png)).toBeUndefined();
  });

  function riffChunk(kind: string, data: Buffer): Buffer {
    const header = Buffer.alloc(8);
    header.write(kind, 0, 'latin1');
    header.writeUInt32LE(data.length, 4);
    return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  }
  function riff(chunks: Buffer[]): Buffer {
    const body = Buffer.concat(chunks);
    const header = Buffer.alloc(12);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(body.length + 4, 4);
    header.write('WEBP', 8, 'latin1');
    return Buffer.concat([header, body]);
  }

  it('drops the EXIF and XMP chunks of a WebP and clears their flags', () => {
    const flags = Buffer.alloc(10);
    flags[0] = 0x08 | 0x04 | 0x10; // EXIF, XMP, alpha
    const picture = riffChunk('VP8L', Buffer.alloc(11, 3));
    const image = riff([
      riffChunk('VP8X', flags),
      picture,
      riffChunk('EXIF', Buffer.from('GPS-33.4', 'latin1')),
      riffChunk('XMP ', Buffer.from('<x:xmpmeta/>', 'latin1')),
    ]);
    const cleared = Buffer.from(flags);
    cleared[0] = 0x10;
    const expected = riff([riffChunk('VP8X', cleared), picture]);
    expect(stripImageMetadata(image, webp)!.equals(expected)).toBe(true);
  });
});
