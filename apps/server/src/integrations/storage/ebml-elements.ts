/**
 * WebM's EBML elements, read strictly: element IDs, variable-size integers, headers and known
 * children, and the Duration read from them or computed from the blocks and written in (the
 * scanner and the seekable rewrite build on these readers).
 *
 * Chrome's MediaRecorder writes WebM in "live" mode: unknown-size Segment and Clusters, no
 * Segment > Info > Duration, no SeekHead or Cues. Players then report an infinite duration and show
 * no timeline. These functions read the Duration, or compute it from the blocks and write it in.
 *
 * Parsing is deliberately strict: an element whose declared size runs past the end of the file
 * (a truncated upload) or anything else unexpected makes the file "unparseable" (null), so we never
 * write a Duration into bytes we did not fully understand.
 */

export const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  chapters: 0x1043a770,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  blockDuration: 0x9b,
  cues: 0x1c53bb6b,
  attachments: 0x1941a469,
  tags: 0x1254c367,
  crc32: 0xbf,
} as const;

/** IDs that end an unknown-size Cluster: any Segment child, or a new EBML stream. */
export const ENDS_CLUSTER = new Set<number>([
  ID.ebml,
  ID.segment,
  ID.seekHead,
  ID.info,
  ID.tracks,
  ID.chapters,
  ID.cluster,
  ID.cues,
  ID.attachments,
  ID.tags,
]);

const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;
/** Cap on the one-frame allowance added after a track's last block, so a stalled camera adds no tail. */
const MAX_FRAME_ALLOWANCE_MS = 250;

export function fail(): never {
  throw new Error('unparseable WebM');
}

export type ElementHeader = {
  id: number;
  start: number;
  dataStart: number;
  /** Exclusive end of the data; for an unknown size, the limit it was read against. */
  end: number;
  unknownSize: boolean;
};

type TrackTiming = { lastStart: number; lastGap: number; maxEnd: number };

type ParsedWebm = {
  segment: ElementHeader;
  /** Where the Segment's size vint starts (right after its ID). */
  segmentSizeStart: number;
  info: ElementHeader;
  infoChildren: ElementHeader[];
  timecodeScaleNs: number;
  /** Duration in TimecodeScale units, if present and valid. */
  duration: number | undefined;
  hasSeekHeadOrCues: boolean;
  hasInfoCrc: boolean;
  /** End of the last block, in TimecodeScale units; undefined when there are no blocks. */
  lastBlockEnd: number | undefined;
};

export function readId(file: Buffer, pos: number, limit: number): { id: number; length: number } {
  if (pos >= limit) fail();
  const first = file[pos]!;
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (length === 0 || pos + length > limit) fail();
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + file[pos + i]!;
  return { id, length };
}

export function readVint(
  file: Buffer,
  pos: number,
  limit: number,
): { value: number; length: number; allOnes: boolean } {
  if (pos >= limit) fail();
  const first = file[pos]!;
  if (first === 0) fail();
  const length = Math.clz32(first) - 23;
  if (pos + length > limit) fail();
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + file[pos + i]!;
  return { value, length, allOnes: value === 2 ** (7 * length) - 1 };
}

export function readElementHeader(file: Buffer, pos: number, limit: number): ElementHeader {
  const { id, length: idLength } = readId(file, pos, limit);
  const size = readVint(file, pos + idLength, limit);
  const dataStart = pos + idLength + size.length;
  if (size.allOnes) return { id, start: pos, dataStart, end: limit, unknownSize: true };
  const end = dataStart + size.value;
  if (end > limit) fail();
  return { id, start: pos, dataStart, end, unknownSize: false };
}

export function readUint(file: Buffer, el: ElementHeader): number {
  const length = el.end - el.dataStart;
  if (length > 8) fail();
  let value = 0;
  for (let i = el.dataStart; i < el.end; i++) value = value * 256 + file[i]!;
  return value;
}

export function readFloat(file: Buffer, el: ElementHeader): number {
  const length = el.end - el.dataStart;
  if (length === 0) return 0;
  if (length === 4) return file.readFloatBE(el.dataStart);
  if (length === 8) return file.readDoubleBE(el.dataStart);
  return fail();
}

export function readKnownChildren(file: Buffer, parent: ElementHeader): ElementHeader[] {
  const children: ElementHeader[] = [];
  for (let pos = parent.dataStart; pos < parent.end;) {
    const child = readElementHeader(file, pos, parent.end);
    if (child.unknownSize) fail();
    children.push(child);
    pos = child.end;
  }
  return children;
}

function recordBlock(
  file: Buffer,
  block: ElementHeader,
  clusterTimecode: number | undefined,
  blockDuration: number | undefined,
  tracks: Map<number, TrackTiming>,
): void {
  if (clusterTimecode === undefined) fail();
  const track = readVint(file, block.dataStart, block.end);
  const timecodePos = block.dataStart + track.length;
  if (timecodePos + 3 > block.end) fail();
  // Laced frames after the first are ignored: Chrome does not lace, and at worst it under-counts a frame.
  const start = clusterTimecode + file.readInt16BE(timecodePos);
  const timing = tracks.get(track.value);
  if (!timing) {
    tracks.set(track.value, { lastStart: start, lastGap: 0, maxEnd: start + (blockDuration ?? 0) });
    return;
  }
  if (start > timing.lastStart) {
    timing.lastGap = start - timing.lastStart;
    timing.lastStart = start;
  }
  timing.maxEnd = Math.max(timing.maxEnd, start + (blockDuration ?? 0));
}

/**
 * A Cluster's children, in order, up to where it really ends: a Cluster of unknown size (a recording
 * cut off mid-write) ends where the next top-level element starts. Returns that end.
 */
export function walkCluster(
  file: Buffer,
  cluster: ElementHeader,
  visit: (child: ElementHeader) => void,
): number {
  let pos = cluster.dataStart;
  while (pos < cluster.end) {
    if (cluster.unknownSize && ENDS_CLUSTER.has(readId(file, pos, cluster.end).id)) break;
    const child = readElementHeader(file, pos, cluster.end);
    if (child.unknownSize) fail();
    visit(child);
    pos = child.end;
  }
  return pos;
}

/** Reads a Cluster's blocks; returns where the Cluster actually ends. */
function readCluster(file: Buffer, cluster: ElementHeader, tracks: Map<number, TrackTiming>): number {
  let timecode: number | undefined;
  return walkCluster(file, cluster, (child) => {
    if (child.id === ID.clusterTimecode) {
      timecode = readUint(file, child);
    } else if (child.id === ID.simpleBlock) {
      recordBlock(file, child, timecode, undefined, tracks);
    } else if (child.id === ID.blockGroup) {
      const parts = readKnownChildren(file, child);
      const block = parts.find((part) => part.id === ID.block);
      const duration = parts.find((part) => part.id === ID.blockDuration);
      if (block) recordBlock(file, block, timecode, duration && readUint(file, duration), tracks);
    }
  });
}

export function checkEbmlHeader(file: Buffer): number {
  const header = readElementHeader(file, 0, file.length);
  if (header.id !== ID.ebml || header.unknownSize) fail();
  const docType = readKnownChildren(file, header).find((child) => child.id === ID.docType);
  // DocType defaults to "matroska"; WebM is a Matroska subset with the same layout.
  const name = docType
    ? file.toString('latin1', docType.dataStart, docType.end).replace(/\0+$/, '')
    : 'matroska';
  if (name !== 'webm' && name !== 'matroska') fail();
  return header.end;
}

function parseWebm(file: Buffer): ParsedWebm {
  let pos = checkEbmlHeader(file);
  let segment: ElementHeader | undefined;
  while (!segment) {
    const el = readElementHeader(file, pos, file.length);
    if (el.id === ID.segment) segment = el;
    else if (el.unknownSize) fail();
    else pos = el.end;
  }
  const segmentSizeStart = segment.start + readId(file, segment.start, segment.dataStart).length;

  let info: ElementHeader | undefined;
  let hasSeekHeadOrCues = false;
  const tracks = new Map<number, TrackTiming>();
  pos = segment.dataStart;
  while (pos < segment.end) {
    const id = readId(file, pos, segment.end).id;
    // An unknown-size Segment ends where a new EBML stream (chained recording) begins.
    if (segment.unknownSize && (id === ID.ebml || id === ID.segment)) break;
    const el = readElementHeader(file, pos, segment.end);
    if (el.id === ID.cluster) {
      pos = readCluster(file, el, tracks);
      continue;
    }
    if (el.unknownSize) fail();
    if (el.id === ID.info) {
      if (info) fail();
      info = el;
    }
    if (el.id === ID.seekHead || el.id === ID.cues) hasSeekHeadOrCues = true;
    pos = el.end;
  }
  if (!info) fail();

  const infoChildren = readKnownChildren(file, info);
  const scaleEl = infoChildren.find((child) => child.id === ID.timecodeScale);
  const timecodeScaleNs = scaleEl ? readUint(file, scaleEl) : DEFAULT_TIMECODE_SCALE_NS;
  if (timecodeScaleNs <= 0) fail();
  const durationEl = infoChildren.find((child) => child.id === ID.duration);
  const storedDuration = durationEl ? readFloat(file, durationEl) : undefined;
  const duration =
    storedDuration !== undefined && Number.isFinite(storedDuration) && storedDuration > 0
      ? storedDuration
      : undefined;

  let lastBlockEnd: number | undefined;
  const ticksPerMs = 1_000_000 / timecodeScaleNs;
  for (const timing of tracks.values()) {
    const allowance = Math.min(timing.lastGap, MAX_FRAME_ALLOWANCE_MS * ticksPerMs);
    const end = Math.max(timing.maxEnd, timing.lastStart + allowance);
    lastBlockEnd = lastBlockEnd === undefined ? end : Math.max(lastBlockEnd, end);
  }

  return {
    segment,
    segmentSizeStart,
    info,
    infoChildren,
    timecodeScaleNs,
    duration,
    hasSeekHeadOrCues,
    hasInfoCrc: infoChildren.some((child) => child.id === ID.crc32),
    lastBlockEnd,
  };
}

function tryParse(file: Buffer): ParsedWebm | null {
  try {
    return parseWebm(file);
  } catch {
    // Buffer reads can throw RangeError too; any failure means "not a file we can parse".
    return null;
  }
}

function toMs(ticks: number, timecodeScaleNs: number): number {
  return (ticks * timecodeScaleNs) / 1_000_000;
}

/** An 8-byte size vint (0x01 marker + 7 bytes), so the header length never depends on the value. */
export function sizeVint8(size: number): Buffer {
  const out = Buffer.alloc(8);
  let rest = size;
  for (let i = 7; i > 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] = 0x01;
  return out;
}

/** The Duration element's value in milliseconds, or null when absent, invalid or unparseable. */
export function readWebmDurationMs(file: Buffer): number | null {
  const parsed = tryParse(file);
  if (!parsed || parsed.duration === undefined) return null;
  return toMs(parsed.duration, parsed.timecodeScaleNs);
}
