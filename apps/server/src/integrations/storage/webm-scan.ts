import {
  checkEbmlHeader,
  ENDS_CLUSTER,
  fail,
  ID,
  readElementHeader,
  readId,
  readKnownChildren,
  readUint,
  readVint,
  type ElementHeader,
} from './ebml-elements';
import { type ForwardReader, WebmCutError } from './webm-reader';

/**
 * The first pass of making a WebM seekable (`webm-seekable.ts`): reads the file once as a stream and
 * notes where its elements are, which tracks a player seeks through, where each Cluster's bytes lie
 * with the time of its first block and of each track's first key frame, and every block's time (for
 * the duration). Elements it keeps whole (headers, Info, Tracks) are copied; Clusters are skipped.
 */

/** Elements kept whole in memory (headers, Info, Tracks, a BlockGroup) may not be larger than this. */
const MAX_HELD_ELEMENT_BYTES = 16 * 1024 * 1024;

const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const VIDEO_TRACK_TYPE = 1;
export const AUDIO_TRACK_TYPE = 2;
export const VOID = 0xec;

export type TrackTiming = { lastStart: number; lastGap: number; maxEnd: number };
/**
 * Where one Cluster's whole children lie in the input, the time of its earliest block, and each cued
 * track's first key frame time in it.
 */
export type ClusterSpan = {
  dataStart: number;
  end: number;
  firstBlockTime: number;
  keyframeTimes: Map<number, number>;
};

export type Scan = {
  header: Buffer;
  info: Buffer | undefined;
  tracks: Buffer | undefined;
  /** The video and audio tracks (number → type): the tracks a player may seek through. */
  cuedTracks: Map<number, number>;
  others: Buffer[];
  clusters: ClusterSpan[];
  timings: Map<number, TrackTiming>;
  cut: boolean;
};

/** An element's header at `pos`, its end checked against the parent's `limit`. */
async function readHeader(reader: ForwardReader, pos: number, limit: number): Promise<ElementHeader> {
  const wanted = Math.min(pos + 12, limit);
  const whole = await reader.fill(wanted);
  const bytes = reader.slice(pos, Math.min(reader.end, limit));
  let id: ReturnType<typeof readId>;
  let size: ReturnType<typeof readVint>;
  try {
    id = readId(bytes, 0, bytes.length);
    size = readVint(bytes, id.length, bytes.length);
  } catch (error) {
    if (!whole) throw new WebmCutError();
    throw error;
  }
  const dataStart = pos + id.length + size.length;
  if (size.allOnes) return { id: id.id, start: pos, dataStart, end: limit, unknownSize: true };
  const end = dataStart + size.value;
  if (end > limit) fail();
  return { id: id.id, start: pos, dataStart, end, unknownSize: false };
}

/** The whole element's bytes (a copy), with its header relative to them. */
async function holdElement(
  reader: ForwardReader,
  el: ElementHeader,
): Promise<{ bytes: Buffer; header: ElementHeader }> {
  if (el.end - el.start > MAX_HELD_ELEMENT_BYTES) fail();
  if (!(await reader.fill(el.end))) throw new WebmCutError();
  const bytes = Buffer.from(reader.slice(el.start, el.end));
  await reader.skipTo(el.end);
  return { bytes, header: readElementHeader(bytes, 0, bytes.length) };
}

function seekableTracksOf(tracks: Buffer): Map<number, number> {
  const numbers = new Map<number, number>();
  for (const entry of readKnownChildren(tracks, readElementHeader(tracks, 0, tracks.length))) {
    if (entry.id !== TRACK_ENTRY) continue;
    const fields = readKnownChildren(tracks, entry);
    const type = fields.find((field) => field.id === TRACK_TYPE);
    const number = fields.find((field) => field.id === TRACK_NUMBER);
    if (!type || !number) continue;
    const kind = readUint(tracks, type);
    if (kind === VIDEO_TRACK_TYPE || kind === AUDIO_TRACK_TYPE) numbers.set(readUint(tracks, number), kind);
  }
  return numbers;
}

/** A block's track, its time relative to the Cluster's and whether it is a key frame. */
function blockStart(bytes: Buffer): { track: number; relative: number; keyframe: boolean } {
  const track = readVint(bytes, 0, bytes.length);
  if (track.length + 3 > bytes.length) fail();
  return {
    track: track.value,
    relative: bytes.readInt16BE(track.length),
    keyframe: (bytes[track.length + 2]! & 0x80) !== 0,
  };
}

function recordBlock(timings: Map<number, TrackTiming>, track: number, start: number, duration = 0): void {
  const timing = timings.get(track);
  if (!timing) {
    timings.set(track, { lastStart: start, lastGap: 0, maxEnd: start + duration });
    return;
  }
  if (start > timing.lastStart) {
    timing.lastGap = start - timing.lastStart;
    timing.lastStart = start;
  }
  timing.maxEnd = Math.max(timing.maxEnd, start + duration);
}

/**
 * Reads a Cluster's children up to where it really ends (an unknown-size Cluster ends where the
 * next top-level element starts, or with the stream); each child counts only once it is whole.
 */
async function scanCluster(reader: ForwardReader, cluster: ElementHeader, scan: Scan): Promise<number> {
  const span: ClusterSpan = {
    dataStart: cluster.dataStart,
    end: cluster.dataStart,
    firstBlockTime: Infinity,
    keyframeTimes: new Map(),
  };
  let timecode: number | undefined;
  let pos = cluster.dataStart;
  try {
    while (pos < cluster.end) {
      if (cluster.unknownSize) {
        if (!(await reader.fill(pos + 1))) break;
        const idEnd = Math.min(pos + 4, cluster.end);
        const whole = await reader.fill(idEnd);
        const head = reader.slice(pos, Math.min(reader.end, idEnd));
        let nextId: number;
        try {
          nextId = readId(head, 0, head.length).id;
        } catch (error) {
          // The cut may fall inside the ID of the next Cluster: its first bytes are not an element.
          if (!whole) throw new WebmCutError();
          throw error;
        }
        if (ENDS_CLUSTER.has(nextId)) break;
      }
      const child = await readHeader(reader, pos, cluster.end);
      if (child.unknownSize) fail();
      if (child.id === ID.clusterTimecode) {
        const { bytes, header } = await holdElement(reader, child);
        timecode = readUint(bytes, header);
      } else if (child.id === ID.simpleBlock) {
        const blockHead = Math.min(child.dataStart + 11, child.end);
        if (!(await reader.fill(blockHead))) throw new WebmCutError();
        const block = blockStart(reader.slice(child.dataStart, blockHead));
        if (!(await reader.skipTo(child.end))) throw new WebmCutError();
        if (timecode === undefined) fail();
        const start = timecode + block.relative;
        recordBlock(scan.timings, block.track, start);
        span.firstBlockTime = Math.min(span.firstBlockTime, start);
        // Every audio frame decodes on its own, whatever its flag says (Firefox leaves it unset).
        const kind = scan.cuedTracks.get(block.track);
        const seekable = kind === AUDIO_TRACK_TYPE || (kind === VIDEO_TRACK_TYPE && block.keyframe);
        if (seekable && !span.keyframeTimes.has(block.track)) span.keyframeTimes.set(block.track, start);
      } else if (child.id === ID.blockGroup) {
        const { bytes, header } = await holdElement(reader, child);
        const parts = readKnownChildren(bytes, header);
        const inner = parts.find((part) => part.id === ID.block);
        const duration = parts.find((part) => part.id === ID.blockDuration);
        if (inner) {
          if (timecode === undefined) fail();
          const block = blockStart(bytes.subarray(inner.dataStart, inner.end));
          span.firstBlockTime = Math.min(span.firstBlockTime, timecode + block.relative);
          recordBlock(
            scan.timings,
            block.track,
            timecode + block.relative,
            duration && readUint(bytes, duration),
          );
        }
      } else if (!(await reader.skipTo(child.end))) {
        throw new WebmCutError();
      }
      pos = span.end = child.end;
    }
  } finally {
    if (span.end > span.dataStart) scan.clusters.push(span);
  }
  return pos;
}

export async function scanWebm(reader: ForwardReader, allowCut: boolean): Promise<Scan> {
  const first = await readHeader(reader, 0, Infinity);
  if (first.id !== ID.ebml || first.unknownSize) fail();
  const header = (await holdElement(reader, first)).bytes;
  checkEbmlHeader(header);
  let pos = first.end;
  let segment: ElementHeader | undefined;
  while (!segment) {
    const el = await readHeader(reader, pos, Infinity);
    if (el.id === ID.segment) segment = el;
    else if (el.unknownSize) fail();
    else if (!(await reader.skipTo(el.end))) throw new WebmCutError();
    else pos = el.end;
  }

  const scan: Scan = {
    header,
    info: undefined,
    tracks: undefined,
    cuedTracks: new Map(),
    others: [],
    clusters: [],
    timings: new Map(),
    cut: false,
  };
  pos = segment.dataStart;
  try {
    while (pos < segment.end) {
      if (!(await reader.fill(pos + 1))) {
        if (segment.unknownSize) break;
        throw new WebmCutError();
      }
      const el = await readHeader(reader, pos, segment.end);
      // An unknown-size Segment ends where a new EBML stream (a chained recording) begins.
      if (segment.unknownSize && (el.id === ID.ebml || el.id === ID.segment)) break;
      if (el.id === ID.cluster) {
        pos = await scanCluster(reader, el, scan);
        continue;
      }
      if (el.unknownSize) fail();
      const { bytes } = await holdElement(reader, el);
      if (el.id === ID.info) {
        if (scan.info) fail();
        scan.info = bytes;
      } else if (el.id === ID.tracks) {
        scan.tracks = bytes;
        scan.cuedTracks = seekableTracksOf(bytes);
      } else if (el.id !== ID.seekHead && el.id !== ID.cues && el.id !== VOID) {
        scan.others.push(bytes);
      }
      pos = el.end;
    }
  } catch (error) {
    if (!(error instanceof WebmCutError) || !allowCut) throw error;
    scan.cut = true;
  }
  return scan;
}
