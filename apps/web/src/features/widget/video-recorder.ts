import { openCameraStream, stopStream } from '../../shared/media/camera';
import { PLAYABLE_RECORDING_TYPES } from '../../shared/media/browser-capabilities';

/**
 * The video mail recorder, free of React: camera, MediaRecorder and thumbnail, as a small state
 * machine the panel subscribes to.
 *
 *   idle ─openCamera()─▶ opening ─▶ previewing ─start()─▶ recording ─stop() / 3 min─▶ finishing ─▶ recorded
 *     ▲                     │            │                     │                          │           │
 *     │                     └─▶ failed ◀─┴─────────────────────┴──────────────────────────┘           │
 *     └─ release() from opening/previewing, reset() from anywhere          retake(): opening ◀────────┘
 *
 * A stream exists only in `previewing` and `recording`, so the camera light is on exactly then.
 * `release()` (leaving the panel, closing the drawer) turns the camera off but keeps whatever was
 * recorded: stopping mid-recording ends in `recorded`, never in a lost video.
 */

type Recording = {
  video: Blob;
  /** What the recorder actually produced, e.g. `video/webm;codecs=vp8,opus`. */
  mimeType: string;
  /** `video.webm` or `video.mp4`, the name the upload carries. */
  fileName: string;
  /** A JPEG of the first frame; null only if no frame could be drawn. */
  thumbnail: Blob | null;
  durationMs: number;
};

export type RecorderState =
  | { step: 'idle' }
  | { step: 'opening' }
  | { step: 'previewing'; stream: MediaStream }
  | { step: 'recording'; stream: MediaStream; startedAt: number }
  | { step: 'finishing' }
  | { step: 'recorded'; recording: Recording }
  | { step: 'failed'; reason: 'camera' | 'recorder'; error: unknown };

const RECORDING_TIMESLICE_MS = 500;
export const MAX_RECORDING_MS = 3 * 60 * 1000;
/** About 2.5 Mb/s: three minutes stay near 60 MB, well under the server's 100 MB limit. */
const VIDEO_BITS_PER_SECOND = 2_500_000;
const THUMBNAIL_MAX_WIDTH = 960;
const THUMBNAIL_QUALITY = 0.85;
const FRAME_TIMEOUT_MS = 4_000;

export function pickRecordingMimeType(
  isTypeSupported: (type: string) => boolean = (type) =>
    typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type),
): string | undefined {
  return PLAYABLE_RECORDING_TYPES.find((type) => isTypeSupported(type));
}

export function recordingFileName(mimeType: string): 'video.mp4' | 'video.webm' {
  return mimeType.startsWith('video/mp4') ? 'video.mp4' : 'video.webm';
}

/** A running MediaRecorder; `stop()` resolves with everything it recorded as one Blob. */
export type RecordingSession = { mimeType: string; stop(): Promise<Blob> };

export function startRecording(stream: MediaStream, onError?: (error: unknown) => void): RecordingSession {
  const preferred = pickRecordingMimeType();
  const recorder = new MediaRecorder(stream, {
    ...(preferred ? { mimeType: preferred } : {}),
    videoBitsPerSecond: VIDEO_BITS_PER_SECOND,
  });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  recorder.addEventListener('error', (event) => onError?.((event as ErrorEvent).error ?? event));
  const stopped = new Promise<void>((resolve) =>
    recorder.addEventListener('stop', () => resolve(), { once: true }),
  );
  recorder.start(RECORDING_TIMESLICE_MS);
  const mimeType = recorder.mimeType || preferred || 'video/webm';
  return {
    mimeType,
    async stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      await stopped;
      return new Blob(chunks, { type: mimeType.split(';')[0] });
    },
  };
}

function waitForEvent(target: EventTarget, name: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within ${timeoutMs} ms`)), timeoutMs);
    target.addEventListener(
      name,
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Draws the first frame of a stream or a recorded video on a canvas and returns it as a JPEG
 * (at most 960 px wide, well under the server's 2 MB thumbnail limit). Null when no frame came.
 */
export async function captureThumbnail(source: MediaStream | Blob): Promise<Blob | null> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  let objectUrl: string | undefined;
  try {
    const ready = waitForEvent(video, 'loadeddata', FRAME_TIMEOUT_MS);
    if (source instanceof Blob) {
      objectUrl = URL.createObjectURL(source);
      video.preload = 'auto';
      video.src = objectUrl;
    } else {
      video.srcObject = source;
      void video.play().catch(() => undefined);
    }
    await ready;
    if (!video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, THUMBNAIL_MAX_WIDTH / video.videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', THUMBNAIL_QUALITY),
    );
  } catch {
    return null;
  } finally {
    video.pause();
    video.removeAttribute('src');
    video.srcObject = null;
    if (objectUrl) URL.revokeObjectURL(objectUrl);
  }
}

export type VideoRecorderDeps = {
  openCamera: () => Promise<MediaStream>;
  startRecording: typeof startRecording;
  captureThumbnail: typeof captureThumbnail;
  now: () => number;
  maxDurationMs: number;
};

const defaultDeps: VideoRecorderDeps = {
  openCamera: () => openCameraStream(),
  startRecording,
  captureThumbnail,
  now: () => Date.now(),
  maxDurationMs: MAX_RECORDING_MS,
};

export function createVideoRecorder(overrides: Partial<VideoRecorderDeps> = {}) {
  const deps = { ...defaultDeps, ...overrides };
  let state: RecorderState = { step: 'idle' };
  const listeners = new Set<() => void>();
  /** Bumped whenever a pending camera request or recording is made obsolete. */
  let generation = 0;
  let session: RecordingSession | null = null;
  let firstFrame: Promise<Blob | null> | null = null;
  let capTimer: ReturnType<typeof setTimeout> | undefined;
  let finishing: Promise<void> | null = null;

  function set(next: RecorderState) {
    state = next;
    listeners.forEach((listener) => listener());
  }

  function streamOf(current: RecorderState): MediaStream | null {
    return current.step === 'previewing' || current.step === 'recording' ? current.stream : null;
  }

  async function openCamera(): Promise<void> {
    if (state.step !== 'idle' && state.step !== 'recorded' && state.step !== 'failed') return;
    const ticket = ++generation;
    set({ step: 'opening' });
    try {
      const stream = await deps.openCamera();
      if (ticket !== generation) {
        stopStream(stream);
        return;
      }
      set({ step: 'previewing', stream });
    } catch (error) {
      if (ticket !== generation) return;
      console.error('video mail: the camera or microphone could not be opened', error);
      set({ step: 'failed', reason: 'camera', error });
    }
  }

  function start(): void {
    if (state.step !== 'previewing') return;
    const { stream } = state;
    const ticket = generation;
    try {
      session = deps.startRecording(stream, (error) => {
        if (ticket !== generation) return;
        console.error('video mail: the recorder failed', error);
        void finish();
      });
    } catch (error) {
      console.error('video mail: the recorder could not start', error);
      stopStream(stream);
      set({ step: 'failed', reason: 'recorder', error });
      return;
    }
    // The frame on screen as recording starts is the recording's first frame.
    firstFrame = deps.captureThumbnail(stream);
    clearTimeout(capTimer);
    capTimer = setTimeout(() => void stop(), deps.maxDurationMs);
    set({ step: 'recording', stream, startedAt: deps.now() });
  }

  function finish(): Promise<void> {
    if (finishing) return finishing;
    if (state.step !== 'recording' || !session) return Promise.resolve();
    const { stream, startedAt } = state;
    const running = session;
    const thumbnailFromStream = firstFrame;
    const ticket = generation;
    clearTimeout(capTimer);
    set({ step: 'finishing' });
    finishing = (async () => {
      try {
        const durationMs = deps.now() - startedAt;
        const video = await running.stop();
        stopStream(stream);
        const thumbnail = (await thumbnailFromStream) ?? (await deps.captureThumbnail(video));
        if (ticket !== generation) return;
        if (video.size === 0) {
          set({ step: 'failed', reason: 'recorder', error: new Error('empty recording') });
          return;
        }
        set({
          step: 'recorded',
          recording: {
            video,
            mimeType: running.mimeType,
            fileName: recordingFileName(running.mimeType),
            thumbnail,
            durationMs,
          },
        });
      } catch (error) {
        stopStream(stream);
        if (ticket === generation) set({ step: 'failed', reason: 'recorder', error });
      } finally {
        session = null;
        firstFrame = null;
        finishing = null;
      }
    })();
    return finishing;
  }

  function stop(): Promise<void> {
    return finish();
  }

  /** Turns the camera off. A recording in progress is finished and kept; a preview is dropped. */
  function release(): Promise<void> {
    if (state.step === 'recording' || state.step === 'finishing') return finish();
    if (state.step === 'opening' || state.step === 'previewing') {
      generation++;
      stopStream(streamOf(state));
      set({ step: 'idle' });
    }
    return Promise.resolve();
  }

  /** Back to the start, dropping any recording (after a successful send, or to cancel). */
  function reset(): void {
    generation++;
    clearTimeout(capTimer);
    stopStream(streamOf(state));
    if (session) void session.stop().catch(() => undefined);
    session = null;
    firstFrame = null;
    finishing = null;
    set({ step: 'idle' });
  }

  /** "Grabar otra vez": drops the previous recording and opens the camera again. */
  function retake(): Promise<void> {
    if (state.step === 'recorded' || state.step === 'failed') set({ step: 'idle' });
    return openCamera();
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    openCamera,
    start,
    stop,
    release,
    reset,
    retake,
  };
}
