/**
 * Safari's MediaRecorder writes MP4. Written in one go, an MP4 holds its index (`moov`) after the
 * media (`mdat`): a player must fetch the end of the file before it can show a frame or a
 * timeline, and one that cannot ask for ranges plays nothing. Moving `moov` in front of `mdat`
 * ("fast start", as qt-faststart does) fixes that; every chunk offset in the index (`stco`,
 * `co64`) then grows by the size of `moov`. A fragmented MP4 (`moof` fragments after an early
 * `moov`, what a recorder writes slice by slice) often states no duration: the end of its last
 * fragment is written into `mvhd`, in place. A file already in fast-start order is kept as it is.
 *
 * Parsing is strict: a box that runs past the end of the file, or a file without `ftyp` and
 * `moov`, makes it unparseable (null), so no offset is ever rewritten in bytes not understood.
 */

type Box = { type: string; start: number; headerLength: number; end: number };

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
const UINT32_LIMIT = 2 ** 32;

function fail(): never {
  throw new Error('unparseable MP4');
}

function readBoxes(file: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = [];
  for (let pos = from; pos < to;) {
    if (pos + 8 > to) fail();
    const size32 = file.readUInt32BE(pos);
    const type = file.toString('latin1', pos + 4, pos + 8);
    let headerLength = 8;
    let size = size32;
    if (size32 === 1) {
      if (pos + 16 > to) fail();
      size = Number(file.readBigUInt64BE(pos + 8));
      headerLength = 16;
    } else if (size32 === 0) {
      size = to - pos;
    }
    if (size < headerLength || pos + size > to) fail();
    boxes.push({ type, start: pos, headerLength, end: pos + size });
    pos += size;
  }
  return boxes;
}

/** The movie's duration from `mvhd`, or from `mvex/mehd` for a fragmented file; null when unknown. */
function movieDurationMs(file: Buffer, moov: Box): number | null {
  const children = readBoxes(file, moov.start + moov.headerLength, moov.end);
  const mvhd = children.find((box) => box.type === 'mvhd');
  if (!mvhd) return null;
  const at = mvhd.start + mvhd.headerLength;
  const version = file[at];
  const timescale = version === 1 ? file.readUInt32BE(at + 20) : file.readUInt32BE(at + 12);
  let duration = version === 1 ? Number(file.readBigUInt64BE(at + 24)) : file.readUInt32BE(at + 16);
  if (duration === 0 || duration === 0xffffffff) {
    const mvex = children.find((box) => box.type === 'mvex');
    const mehd =
      mvex && readBoxes(file, mvex.start + mvex.headerLength, mvex.end).find((box) => box.type === 'mehd');
    if (!mehd) return null;
    const mehdAt = mehd.start + mehd.headerLength;
    duration = file[mehdAt] === 1 ? Number(file.readBigUInt64BE(mehdAt + 4)) : file.readUInt32BE(mehdAt + 4);
  }
  if (!(timescale > 0) || !(duration > 0)) return null;
  return (duration / timescale) * 1000;
}

const children = (file: Buffer, box: Box) => readBoxes(file, box.start + box.headerLength, box.end);
const child = (file: Buffer, box: Box | undefined, type: string) =>
  box && children(file, box).find((inner) => inner.type === type);
/** A full box's field after version and flags: 32-bit, or 64-bit when the version says so. */
const versioned = (file: Buffer, box: Box, v0At: number, v1At: number) => {
  const body = box.start + box.headerLength;
  return file[body] === 1 ? Number(file.readBigUInt64BE(body + v1At)) : file.readUInt32BE(body + v0At);
};

/**
 * A fragmented MP4 (what a recorder writes slice by slice) may state no duration at all: the
 * end of its last fragment, from each track's decode times and sample durations, in milliseconds.
 */
function fragmentsEndMs(file: Buffer, boxes: Box[], moov: Box): number | null {
  const timescales = new Map<number, number>();
  const defaultDurations = new Map<number, number>();
  for (const trak of children(file, moov).filter((box) => box.type === 'trak')) {
    const tkhd = child(file, trak, 'tkhd');
    const mdhd = child(file, child(file, trak, 'mdia'), 'mdhd');
    if (tkhd && mdhd) timescales.set(versioned(file, tkhd, 12, 20), versioned(file, mdhd, 12, 20));
  }
  for (const trex of children(file, child(file, moov, 'mvex') ?? moov).filter((box) => box.type === 'trex')) {
    const body = trex.start + trex.headerLength;
    defaultDurations.set(file.readUInt32BE(body + 4), file.readUInt32BE(body + 16));
  }
  const ends = new Map<number, number>();
  for (const moof of boxes.filter((box) => box.type === 'moof')) {
    for (const traf of children(file, moof).filter((box) => box.type === 'traf')) {
      const tfhd = child(file, traf, 'tfhd');
      if (!tfhd) fail();
      const tfhdBody = tfhd.start + tfhd.headerLength;
      const tfhdFlags = file.readUIntBE(tfhdBody + 1, 3);
      const track = file.readUInt32BE(tfhdBody + 4);
      let at = tfhdBody + 8 + (tfhdFlags & 0x01 ? 8 : 0) + (tfhdFlags & 0x02 ? 4 : 0);
      const defaultDuration = tfhdFlags & 0x08 ? file.readUInt32BE(at) : (defaultDurations.get(track) ?? 0);
      const tfdt = child(file, traf, 'tfdt');
      let time = tfdt ? versioned(file, tfdt, 4, 4) : (ends.get(track) ?? 0);
      for (const trun of children(file, traf).filter((box) => box.type === 'trun')) {
        const body = trun.start + trun.headerLength;
        const flags = file.readUIntBE(body + 1, 3);
        const count = file.readUInt32BE(body + 4);
        at = body + 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
        const fields = [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length;
        if (at + count * fields * 4 > trun.end) fail();
        for (let i = 0; i < count; i++, at += fields * 4)
          time += flags & 0x100 ? file.readUInt32BE(at) : defaultDuration;
      }
      ends.set(track, time);
    }
  }
  let endMs: number | null = null;
  for (const [track, end] of ends) {
    const timescale = timescales.get(track);
    if (timescale) endMs = Math.max(endMs ?? 0, (end / timescale) * 1000);
  }
  return endMs !== null && endMs > 0 ? endMs : null;
}

/** Writes the duration into `mvhd` in place (its size does not change, so nothing else moves). */
function withMovieDuration(file: Buffer, moov: Box, durationMs: number): Buffer {
  const mvhd = child(file, moov, 'mvhd');
  if (!mvhd) return file;
  const out = Buffer.from(file);
  const body = mvhd.start + mvhd.headerLength;
  const timescale = versioned(out, mvhd, 12, 20);
  const duration = Math.round((durationMs / 1000) * timescale);
  if (out[body] === 1) out.writeBigUInt64BE(BigInt(duration), body + 24);
  else if (duration < UINT32_LIMIT) out.writeUInt32BE(duration, body + 16);
  else return file;
  return out;
}

/** Adds `shift` to every chunk offset of `moov` (a copy) that points at or after `from`. */
function shiftChunkOffsets(moov: Buffer, from: number, before: number, shift: number): void {
  const visit = (start: number, end: number) => {
    for (const box of readBoxes(moov, start, end)) {
      const body = box.start + box.headerLength;
      if (CONTAINERS.has(box.type)) visit(body, box.end);
      if (box.type !== 'stco' && box.type !== 'co64') continue;
      const entrySize = box.type === 'stco' ? 4 : 8;
      const count = moov.readUInt32BE(body + 4);
      if (body + 8 + count * entrySize > box.end) fail();
      for (let i = 0; i < count; i++) {
        const at = body + 8 + i * entrySize;
        const offset = entrySize === 4 ? moov.readUInt32BE(at) : Number(moov.readBigUInt64BE(at));
        if (offset < from || offset >= before) continue;
        if (entrySize === 4) {
          // A 32-bit offset that would overflow: leave the file as it is (only past 4 GB).
          if (offset + shift >= UINT32_LIMIT) fail();
          moov.writeUInt32BE(offset + shift, at);
        } else {
          moov.writeBigUInt64BE(BigInt(offset + shift), at);
        }
      }
    }
  };
  visit(0, moov.length);
}

/**
 * Returns the MP4 with `moov` before the media (a copy when it moved it; the input when it was
 * already there or the file is fragmented) and its duration when the file states one; null for
 * bytes it cannot parse or a file without `ftyp` and `moov` (nothing could play it).
 */
export function faststartMp4(input: Buffer): { file: Buffer; durationMs: number | null } | null {
  try {
    const boxes = readBoxes(input, 0, input.length);
    const moov = boxes.find((box) => box.type === 'moov');
    if (boxes[0]?.type !== 'ftyp' || !moov) return null;
    const durationMs = movieDurationMs(input, moov);
    const firstMedia = boxes.findIndex((box) => box.type === 'mdat' || box.type === 'moof');
    const moovIndex = boxes.indexOf(moov);
    if (boxes.some((box) => box.type === 'moof')) {
      if (durationMs !== null) return { file: input, durationMs };
      const fragmentsMs = fragmentsEndMs(input, boxes, moov);
      if (fragmentsMs === null) return { file: input, durationMs: null };
      return { file: withMovieDuration(input, moov, fragmentsMs), durationMs: fragmentsMs };
    }
    if (firstMedia === -1 || moovIndex < firstMedia) return { file: input, durationMs };

    const insertAt = boxes[firstMedia]!.start;
    const moved = Buffer.from(input.subarray(moov.start, moov.end));
    // Only the bytes between the insertion point and moov's old place move (by moov's length).
    shiftChunkOffsets(moved, insertAt, moov.start, moved.length);
    const rest = boxes.filter((box) => box !== moov);
    const file = Buffer.concat([
      ...rest.slice(0, firstMedia).map((box) => input.subarray(box.start, box.end)),
      moved,
      ...rest.slice(firstMedia).map((box) => input.subarray(box.start, box.end)),
    ]);
    return { file, durationMs };
  } catch {
    return null;
  }
}
