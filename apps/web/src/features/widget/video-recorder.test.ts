import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createVideoRecorder,
  pickRecordingMimeType,
  recordingFileName,
  type RecordingSession,
  type VideoRecorderDeps,
} from './video-recorder';

type FakeTrack = { kind: string; readyState: 'live' | 'ended'; stop(): void };

function fakeStream() {
  const tracks = ['video', 'audio'].map((kind): FakeTrack => ({
    kind,
    readyState: 'live',
    stop() {
      this.readyState = 'ended';
    },
  }));
  const stream = { getTracks: () => tracks } as unknown as MediaStream;
  return { stream, live: () => tracks.filter((track) => track.readyState === 'live').length };
}

function fakeSession(mimeType = 'video/webm;codecs=vp8,opus'): RecordingSession {
  return {
    mimeType,
    stop: async () => new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'video/webm' }),
  };
}

const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

function setup(overrides: Partial<VideoRecorderDeps> = {}) {
  const camera = fakeStream();
  const recorder = createVideoRecorder({
    openCamera: async () => camera.stream,
    startRecording: () => fakeSession(),
    captureThumbnail: async () => jpeg,
    now: () => Date.now(),
    maxDurationMs: 180_000,
    ...overrides,
  });
  return { recorder, camera };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('pickRecordingMimeType', () => {
  it('prefers webm vp8 with opus, then falls back in order down to mp4 (Safari)', () => {
    expect(pickRecordingMimeType(() => true)).toBe('video/webm;codecs=vp8,opus');
    expect(pickRecordingMimeType((type) => type === 'video/webm' || type === 'video/mp4')).toBe('video/webm');
    expect(pickRecordingMimeType((type) => type === 'video/mp4')).toBe('video/mp4');
    expect(pickRecordingMimeType(() => false)).toBeUndefined();
  });

  it('names the upload after the container', () => {
    expect(recordingFileName('video/mp4;codecs=avc1')).toBe('video.mp4');
    expect(recordingFileName('video/webm;codecs=vp8')).toBe('video.webm');
  });
});

describe('createVideoRecorder', () => {
  it('goes idle → previewing → recording → recorded and turns the camera off at the end', async () => {
    const { recorder, camera } = setup();
    const steps: string[] = [];
    recorder.subscribe(() => steps.push(recorder.getState().step));

    await recorder.openCamera();
    recorder.start();
    expect(recorder.getState().step).toBe('recording');
    expect(camera.live()).toBe(2);
    await recorder.stop();

    const state = recorder.getState();
    expect(steps).toEqual(['opening', 'previewing', 'recording', 'finishing', 'recorded']);
    expect(state.step === 'recorded' && state.recording.fileName).toBe('video.webm');
    expect(state.step === 'recorded' && state.recording.thumbnail).toBe(jpeg);
    expect(camera.live()).toBe(0);
  });

  it('reports a camera that cannot be opened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const denied = new DOMException('denied', 'NotAllowedError');
    const { recorder } = setup({ openCamera: () => Promise.reject(denied) });
    await recorder.openCamera();
    expect(recorder.getState()).toEqual({ step: 'failed', reason: 'camera', error: denied });
  });

  it('stops by itself at the maximum duration', async () => {
    vi.useFakeTimers();
    const { recorder } = setup({ maxDurationMs: 1_000 });
    await recorder.openCamera();
    recorder.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(recorder.getState().step).toBe('recorded');
  });

  it('release() drops a preview but keeps a recording in progress', async () => {
    const first = setup();
    await first.recorder.openCamera();
    await first.recorder.release();
    expect(first.recorder.getState().step).toBe('idle');
    expect(first.camera.live()).toBe(0);

    const second = setup();
    await second.recorder.openCamera();
    second.recorder.start();
    await second.recorder.release();
    expect(second.recorder.getState().step).toBe('recorded');
    expect(second.camera.live()).toBe(0);
  });

  it('turns off a camera that arrives after the panel was left', async () => {
    const camera = fakeStream();
    let grant: (stream: MediaStream) => void = () => undefined;
    const { recorder } = setup({ openCamera: () => new Promise((resolve) => (grant = resolve)) });
    const opening = recorder.openCamera();
    await recorder.release();
    grant(camera.stream);
    await opening;
    expect(recorder.getState().step).toBe('idle');
    expect(camera.live()).toBe(0);
  });

  it('takes the thumbnail from the recorded video when the live frame could not be drawn', async () => {
    const captureThumbnail = vi.fn(async (source: MediaStream | Blob) =>
      source instanceof Blob ? jpeg : null,
    );
    const { recorder } = setup({ captureThumbnail });
    await recorder.openCamera();
    recorder.start();
    await recorder.stop();
    const state = recorder.getState();
    expect(captureThumbnail).toHaveBeenCalledTimes(2);
    expect(state.step === 'recorded' && state.recording.thumbnail).toBe(jpeg);
  });

  it('reset() forgets the recording', async () => {
    const { recorder } = setup();
    await recorder.openCamera();
    recorder.start();
    await recorder.stop();
    recorder.reset();
    expect(recorder.getState().step).toBe('idle');
  });
});
