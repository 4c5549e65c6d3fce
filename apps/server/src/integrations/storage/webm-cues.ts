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
  sizeVint8,
  walkCluster,
  webmTiming,
  type ElementHeader,
} from './webm-duration';

/**
 * Makes a MediaRecorder WebM seekable (decisions 017 and 028): it rewrites the Segment with known
 * sizes, a valid Duration in Info, a SeekHead at its start and Cues (one point per Cluster that
 * holds a video key frame) at its end. Players and ffmpeg then show a timeline and jump to any time
 * without reading the file from the start. Both browsers' layouts come out the same: Chrome's
 * (no Duration, no SeekHead) and Firefox's (Duration 0, an empty SeekHead); any SeekHead, Cues or
 * Void the recorder wrote is dropped, since their positions would no longer hold.
 *
 * Only elements are moved; no frame is touched. Returns null for bytes it cannot parse (a
 * recording that is not WebM, or cut inside its header).
 */
export function seekableWebm(input: Buffer): { file: Buffer; durationMs: number; cues: number } | null {
  // MediaRecorder's chunks do not end on element boundaries: a recording whose last chunk never
  // came (the call ended, the console crashed) stops inside a block, which either the duration
  // pass or the remux refuses. Then keep every whole element.
  const whole = completePrefix(input);
  return (
    seekableAsIs(input) ??
    (whole !== undefined && whole < input.length ? seekableAsIs(input.subarray(0, whole)) : null)
  );
}

function seekableAsIs(input: Buffer): { file: Buffer; durationMs: number; cues: number } | null {
  const timing = webmTiming(input);
  if (!timing) return null;
  try {
    const { file, cues } = remux(input, timing.durationTicks);
    return { file, durationMs: timing.durationMs, cues };
  } catch {
    return null;
  }
}

const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const VIDEO_TRACK_TYPE = 1;
const SEEK = 0x4dbb;
const SEEK_ID = 0x53ab;
const SEEK_POSITION = 0x53ac;
const CUE_POINT = 0xbb;
const CUE_TIME = 0xb3;
const CUE_TRACK_POSITIONS = 0xb7;
const CUE_TRACK = 0xf7;
const CUE_CLUSTER_POSITION = 0xf1;
const VOID = 0xec;

/** Info with exactly one Duration (float64, TimecodeScale units) and no CRC-32 it would break. */
function infoWithDuration(file: Buffer, info: ElementHeader, durationTicks: number): Buffer {
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(durationTicks);
  const kept = readKnownChildren(file, info)
    .filter((child) => child.id !== ID.duration && child.id !== ID.crc32 && child.id !== VOID)
    .map((child) => file.subarray(child.start, child.end));
  return element(ID.info, ...kept, element(ID.duration, duration));
}

function idBytes(id: number): Buffer {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const out = Buffer.alloc(length);
  out.writeUIntBE(id, 0, length);
  return out;
}

/** An element with an 8-byte size: its length never depends on its value. */
function element(id: number, ...body: Buffer[]): Buffer {
  const data = Buffer.concat(body);
  return Buffer.concat([idBytes(id), sizeVint8(data.length), data]);
}

function uint8(value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(value));
  return out;
}

type ClusterPiece = { body: Buffer; keyframeTime: number | undefined };

function videoTrackOf(file: Buffer, tracks: ElementHeader): number | undefined {
  for (const entry of readKnownChildren(file, tracks)) {
    if (entry.id !== TRACK_ENTRY) continue;
    const fields = readKnownChildren(file, entry);
    const type = fields.find((field) => field.id === TRACK_TYPE);
    const number = fields.find((field) => field.id === TRACK_NUMBER);
    if (type && number && readUint(file, type) === VIDEO_TRACK_TYPE) return readUint(file, number);
  }
  return undefined;
}

/** A Cluster's children up to its real end, and the time of its first video key frame. */
function readClusterPiece(
  file: Buffer,
  cluster: ElementHeader,
  videoTrack: number | undefined,
): { piece: ClusterPiece; end: number } {
  let timecode: number | undefined;
  let keyframeTime: number | undefined;
  const end = walkCluster(file, cluster, (child) => {
    if (child.id === ID.clusterTimecode) timecode = readUint(file, child);
    else if (child.id === ID.simpleBlock && keyframeTime === undefined && timecode !== undefined) {
      const track = readVint(file, child.dataStart, child.end);
      const at = child.dataStart + track.length;
      if (at + 3 > child.end) fail();
      const keyframe = (file[at + 2]! & 0x80) !== 0;
      if (track.value === videoTrack && keyframe) keyframeTime = timecode + file.readInt16BE(at);
    }
  });
  return { piece: { body: file.subarray(cluster.dataStart, end), keyframeTime }, end };
}

/**
 * How many bytes of the file hold whole elements: the end of the last complete Cluster child (or
 * Segment child). Undefined when even the header or the Segment's start cannot be read.
 */
export function completePrefix(file: Buffer): number | undefined {
  try {
    let pos = checkEbmlHeader(file);
    let segment: ElementHeader | undefined;
    while (!segment) {
      const el = readElementHeader(file, pos, file.length);
      if (el.id === ID.segment) segment = el;
      else if (el.unknownSize) return undefined;
      else pos = el.end;
    }
    let complete = segment.dataStart;
    pos = segment.dataStart;
    while (pos < segment.end) {
      let el: ElementHeader;
      try {
        el = readElementHeader(file, pos, segment.end);
      } catch {
        return complete;
      }
      if (el.id !== ID.cluster) {
        if (el.unknownSize) return complete;
        complete = pos = el.end;
        continue;
      }
      complete = pos = el.dataStart;
      while (pos < el.end) {
        let child: ElementHeader;
        try {
          // The cut may fall inside the ID of the next Cluster: its first bytes are not an element.
          if (el.unknownSize && ENDS_CLUSTER.has(readId(file, pos, el.end).id)) break;
          child = readElementHeader(file, pos, el.end);
        } catch {
          return complete;
        }
        if (child.unknownSize) return complete;
        complete = pos = child.end;
      }
    }
    return complete;
  } catch {
    return undefined;
  }
}

function remux(file: Buffer, durationTicks: number): { file: Buffer; cues: number } {
  const headerEnd = checkEbmlHeader(file);
  let pos = headerEnd;
  let segment: ElementHeader | undefined;
  while (!segment) {
    const el = readElementHeader(file, pos, file.length);
    if (el.id === ID.segment) segment = el;
    else if (el.unknownSize) fail();
    else pos = el.end;
  }

  let info: Buffer | undefined;
  let tracks: Buffer | undefined;
  let videoTrack: number | undefined;
  const others: Buffer[] = [];
  const clusters: ClusterPiece[] = [];
  pos = segment.dataStart;
  while (pos < segment.end) {
    const id = readId(file, pos, segment.end).id;
    if (segment.unknownSize && (id === ID.ebml || id === ID.segment)) break;
    const el = readElementHeader(file, pos, segment.end);
    if (el.id === ID.cluster) {
      const { piece, end } = readClusterPiece(file, el, videoTrack);
      clusters.push(piece);
      pos = end;
      continue;
    }
    if (el.unknownSize) fail();
    const bytes = file.subarray(el.start, el.end);
    if (el.id === ID.info) info = infoWithDuration(file, el, durationTicks);
    else if (el.id === ID.tracks) {
      tracks = bytes;
      videoTrack = videoTrackOf(file, el);
    } else if (el.id !== ID.seekHead && el.id !== ID.cues && el.id !== VOID) others.push(bytes);
    pos = el.end;
  }
  if (!info || !tracks) fail();

  // Every size is 8 bytes, so the SeekHead's length is known before the positions it holds.
  const seekEntry = (target: number, position: number) =>
    element(SEEK, element(SEEK_ID, idBytes(target)), element(SEEK_POSITION, uint8(position)));
  const seekHeadLength = element(
    ID.seekHead,
    seekEntry(ID.info, 0),
    seekEntry(ID.tracks, 0),
    seekEntry(ID.cues, 0),
  ).length;

  const infoPosition = seekHeadLength;
  const tracksPosition = infoPosition + info.length;
  let offset = tracksPosition + tracks.length + others.reduce((sum, bytes) => sum + bytes.length, 0);
  const clusterElements: Buffer[] = [];
  const cuePoints: Buffer[] = [];
  for (const cluster of clusters) {
    const bytes = element(ID.cluster, cluster.body);
    if (cluster.keyframeTime !== undefined && videoTrack !== undefined) {
      cuePoints.push(
        element(
          CUE_POINT,
          element(CUE_TIME, uint8(Math.max(0, cluster.keyframeTime))),
          element(
            CUE_TRACK_POSITIONS,
            element(CUE_TRACK, uint8(videoTrack)),
            element(CUE_CLUSTER_POSITION, uint8(offset)),
          ),
        ),
      );
    }
    clusterElements.push(bytes);
    offset += bytes.length;
  }
  const cuesPosition = offset;
  const cues = cuePoints.length > 0 ? element(ID.cues, ...cuePoints) : Buffer.alloc(0);
  const seekHead = element(
    ID.seekHead,
    seekEntry(ID.info, infoPosition),
    seekEntry(ID.tracks, tracksPosition),
    ...(cuePoints.length > 0 ? [seekEntry(ID.cues, cuesPosition)] : []),
  );
  // Without cues the SeekHead is one entry shorter: pad it with a Void so positions stay right.
  const padding =
    seekHead.length < seekHeadLength
      ? [element(VOID, Buffer.alloc(seekHeadLength - seekHead.length - 9))]
      : [];
  const body = [seekHead, ...padding, info, tracks, ...others, ...clusterElements, cues];
  const bodyLength = body.reduce((sum, bytes) => sum + bytes.length, 0);
  return {
    file: Buffer.concat([file.subarray(0, headerEnd), idBytes(ID.segment), sizeVint8(bodyLength), ...body]),
    cues: cuePoints.length,
  };
}
