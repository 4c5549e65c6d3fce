import { Readable } from 'node:stream';
import {
  fail,
  ID,
  readElementHeader,
  readFloat,
  readKnownChildren,
  readUint,
  sizeVint8,
} from './ebml-elements';
import { ForwardReader } from './webm-reader';
import { AUDIO_TRACK_TYPE, scanWebm, VOID, type ClusterSpan, type Scan } from './webm-scan';

/**
 * Makes a WebM seekable (decisions 017, 028 and 029): MediaRecorder writes "live" WebM, with unknown
 * sizes and no usable Duration, SeekHead or Cues (Chrome none, Firefox a Duration of 0 and an empty
 * SeekHead), so players show no timeline and cannot jump.
 * This rewrites the Segment with known sizes, the Duration (computed from the blocks when missing),
 * a SeekHead at its start and Cues at its end: for each Cluster, one cue per video and audio track
 * at that track's first key frame in it. Only elements move; no frame is touched.
 *
 * Audio is cued as well as video because Chromium seeks through the audio track whenever the target
 * lies before the video's first frame, which is every seek to 0 in a Firefox recording (its Opus
 * track starts 1 ms earlier, through CodecDelay): with no audio cue that seek fails ("demuxer seek
 * failed") and the player can never go back to the start.
 *
 * It reads the file twice as a stream, never whole: a first pass plans the new layout (where each
 * Cluster's bytes are, the time of its first key frame, the blocks' times), a second copies the
 * Clusters into that layout. So a 500 MB recording costs what one element costs, in memory.
 *
 * MediaRecorder's chunks do not end on element boundaries: a recording whose last chunk never came
 * stops inside a block. With `allowCut`, such a file keeps every whole element before the cut;
 * without it (an upload that should be whole), it is refused like any other unreadable file.
 */

const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;
/** Cap on the one-frame allowance added after a track's last block, so a stalled camera adds no tail. */
const MAX_FRAME_ALLOWANCE_MS = 250;

const SEEK = 0x4dbb;
const SEEK_ID = 0x53ab;
const SEEK_POSITION = 0x53ac;
const CUE_POINT = 0xbb;
const CUE_TIME = 0xb3;
const CUE_TRACK_POSITIONS = 0xb7;
const CUE_TRACK = 0xf7;
const CUE_CLUSTER_POSITION = 0xf1;

export type SeekableWebmPlan = {
  /** Everything before the first Cluster, rewritten. */
  head: Buffer;
  clusters: ClusterSpan[];
  cuesElement: Buffer;
  bytes: number;
  durationMs: number;
  cues: number;
  /** The input was cut inside an element; the output holds the whole ones before it. */
  cut: boolean;
};

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

/** Info with the Duration (in TimecodeScale units), and that duration in milliseconds. */
function infoWithDuration(scan: Scan): { info: Buffer; durationMs: number } {
  const info = scan.info ?? fail();
  const infoHeader = readElementHeader(info, 0, info.length);
  const children = readKnownChildren(info, infoHeader);
  const scaleEl = children.find((child) => child.id === ID.timecodeScale);
  const timecodeScaleNs = scaleEl ? readUint(info, scaleEl) : DEFAULT_TIMECODE_SCALE_NS;
  if (timecodeScaleNs <= 0) fail();
  const toMs = (ticks: number) => (ticks * timecodeScaleNs) / 1_000_000;
  const durationEl = children.find((child) => child.id === ID.duration);
  const stored = durationEl ? readFloat(info, durationEl) : undefined;
  let durationTicks: number | undefined;
  // Firefox stores a Duration of 0, Chrome none: then the end of the last block is the duration.
  if (stored !== undefined && Number.isFinite(stored) && stored > 0) durationTicks = stored;
  else {
    const ticksPerMs = 1_000_000 / timecodeScaleNs;
    for (const timing of scan.timings.values()) {
      const allowance = Math.min(timing.lastGap, MAX_FRAME_ALLOWANCE_MS * ticksPerMs);
      const end = Math.max(timing.maxEnd, timing.lastStart + allowance);
      durationTicks = durationTicks === undefined ? end : Math.max(durationTicks, end);
    }
  }
  if (durationTicks === undefined || durationTicks <= 0) fail();
  const durationElement = Buffer.alloc(11);
  durationElement.writeUInt16BE(ID.duration, 0);
  durationElement[2] = 0x88;
  durationElement.writeDoubleBE(durationTicks, 3);
  // Exactly one valid Duration; a CRC-32 would no longer match and a Void holds nothing.
  const kept = children
    .filter((child) => child.id !== ID.duration && child.id !== ID.crc32 && child.id !== VOID)
    .map((child) => info.subarray(child.start, child.end));
  return { info: element(ID.info, ...kept, durationElement), durationMs: toMs(durationTicks) };
}

function planLayout(scan: Scan): SeekableWebmPlan {
  const { info, durationMs } = infoWithDuration(scan);
  const tracks = scan.tracks ?? fail();
  if (scan.clusters.length === 0) fail();
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
  let offset = tracksPosition + tracks.length + scan.others.reduce((sum, bytes) => sum + bytes.length, 0);
  const cues: { time: number; track: number; position: number }[] = [];
  for (const cluster of scan.clusters) {
    for (const [track, time] of cluster.keyframeTimes) {
      // A player that seeks to an audio cue drops every block before the cue's time, on every
      // track: an audio cue later than the Cluster's video key frame would drop that frame, and the
      // video would start on a frame it cannot decode. So audio is cued at the Cluster's first block.
      const audio = scan.cuedTracks.get(track) === AUDIO_TRACK_TYPE;
      const cueTime = audio ? Math.min(time, cluster.firstBlockTime) : time;
      cues.push({ time: Math.max(0, cueTime), track, position: offset });
    }
    offset += clusterHeader(cluster).length + cluster.end - cluster.dataStart;
  }
  // CuePoints go in time order, one per time with a position for each track cued then (a stable
  // sort keeps each time's cues in Cluster order).
  cues.sort((a, b) => a.time - b.time);
  const cuePoints: Buffer[] = [];
  for (let i = 0; i < cues.length;) {
    const time = cues[i]!.time;
    const positions: Buffer[] = [];
    for (; i < cues.length && cues[i]!.time === time; i++) {
      positions.push(
        element(
          CUE_TRACK_POSITIONS,
          element(CUE_TRACK, uint8(cues[i]!.track)),
          element(CUE_CLUSTER_POSITION, uint8(cues[i]!.position)),
        ),
      );
    }
    cuePoints.push(element(CUE_POINT, element(CUE_TIME, uint8(time)), ...positions));
  }
  const cuesPosition = offset;
  const cuesElement = cuePoints.length > 0 ? element(ID.cues, ...cuePoints) : Buffer.alloc(0);
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
  const bodyLength = cuesPosition + cuesElement.length;
  const head = Buffer.concat([
    scan.header,
    idBytes(ID.segment),
    sizeVint8(bodyLength),
    seekHead,
    ...padding,
    info,
    tracks,
    ...scan.others,
  ]);
  return {
    head,
    clusters: scan.clusters,
    cuesElement,
    bytes: scan.header.length + 12 + bodyLength,
    durationMs,
    cues: cuePoints.length,
    cut: scan.cut,
  };
}

function clusterHeader(cluster: ClusterSpan): Buffer {
  return Buffer.concat([idBytes(ID.cluster), sizeVint8(cluster.end - cluster.dataStart)]);
}

/** The first pass: how the file will be laid out, or null for bytes that are not a WebM it can rewrite. */
export async function planSeekableWebm(
  source: AsyncIterable<Buffer>,
  options: { allowCut: boolean },
): Promise<SeekableWebmPlan | null> {
  const reader = new ForwardReader(source);
  try {
    return planLayout(await scanWebm(reader, options.allowCut));
  } catch {
    // Buffer reads can throw RangeError too; any failure means "not a file we can rewrite".
    return null;
  } finally {
    await reader.close();
  }
}

/** The second pass: the same input again, rewritten as planned. */
export function writeSeekableWebm(plan: SeekableWebmPlan, source: AsyncIterable<Buffer>): Readable {
  async function* rewritten() {
    const reader = new ForwardReader(source);
    try {
      yield plan.head;
      for (const cluster of plan.clusters) {
        yield clusterHeader(cluster);
        yield* reader.copy(cluster.dataStart, cluster.end);
      }
      yield plan.cuesElement;
    } finally {
      await reader.close();
    }
  }
  return Readable.from(rewritten(), { objectMode: false });
}

/**
 * Both passes over a file that `open` reads from its start each time (a stored object). Null when
 * it is not a WebM that can be rewritten.
 */
export async function seekableWebm(
  open: () => Promise<Readable>,
  options: { allowCut: boolean },
): Promise<{ plan: SeekableWebmPlan; stream: () => Promise<Readable> } | null> {
  const plan = await planSeekableWebm(await open(), options);
  if (!plan) return null;
  return { plan, stream: async () => writeSeekableWebm(plan, await open()) };
}
