import { describe, expect, it, vi } from 'vitest';
import { createDeviceCheck, deviceOptions } from './device-check';

type FakeTrack = {
  kind: 'video' | 'audio';
  stopped: boolean;
  stop(): void;
  getSettings(): { deviceId: string };
};

function fakeStream(cameraId = 'cam-1', microphoneId = 'mic-1') {
  const track = (kind: FakeTrack['kind'], deviceId: string): FakeTrack => ({
    kind,
    stopped: false,
    stop() {
      this.stopped = true;
    },
    getSettings: () => ({ deviceId }),
  });
  const tracks = [track('video', cameraId), track('audio', microphoneId)];
  return {
    tracks,
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((item) => item.kind === 'video'),
    getAudioTracks: () => tracks.filter((item) => item.kind === 'audio'),
  } as unknown as MediaStream & { tracks: FakeTrack[] };
}

const deviceList = [
  { deviceId: 'default', kind: 'audioinput', label: 'Predeterminado' },
  { deviceId: 'cam-1', kind: 'videoinput', label: 'Cámara integrada' },
  { deviceId: 'cam-2', kind: 'videoinput', label: '' },
  { deviceId: 'mic-1', kind: 'audioinput', label: 'Micrófono USB' },
  { deviceId: 'out-1', kind: 'audiooutput', label: 'Parlantes' },
] as MediaDeviceInfo[];

function fakeDevices(getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>) {
  return {
    getUserMedia: vi.fn(getUserMedia),
    enumerateDevices: vi.fn(async () => deviceList),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
}

describe('deviceOptions', () => {
  it('lists one kind, names unnamed devices by number and drops duplicates and empty ids', () => {
    const list = [
      ...deviceList,
      { deviceId: 'cam-1', kind: 'videoinput', label: 'Repetida' },
      { deviceId: '', kind: 'videoinput', label: '' },
    ] as MediaDeviceInfo[];
    expect(deviceOptions(list, 'videoinput')).toEqual([
      { id: 'cam-1', label: 'Cámara integrada' },
      { id: 'cam-2', label: 'Cámara 2' },
    ]);
    expect(deviceOptions(list, 'audioinput').map((option) => option.id)).toEqual(['default', 'mic-1']);
  });
});

describe('createDeviceCheck', () => {
  it('opens the devices, then lists them with their names', async () => {
    const devices = fakeDevices(async () => fakeStream());
    const check = createDeviceCheck(devices);
    const opening = check.open();
    expect(check.getSnapshot().state.status).toBe('opening');
    await opening;
    const snapshot = check.getSnapshot();
    expect(snapshot.state.status).toBe('ready');
    expect(snapshot.cameraId).toBe('cam-1');
    expect(snapshot.microphoneId).toBe('mic-1');
    expect(snapshot.cameras.map((camera) => camera.label)).toEqual(['Cámara integrada', 'Cámara 2']);
  });

  it('fails with the error and opens again on retry', async () => {
    let allowed = false;
    const devices = fakeDevices(async () => {
      if (!allowed) throw new DOMException('denied', 'NotAllowedError');
      return fakeStream();
    });
    const check = createDeviceCheck(devices);
    await check.open();
    const failed = check.getSnapshot().state;
    expect(failed.status).toBe('failed');
    expect((failed as { error: DOMException }).error.name).toBe('NotAllowedError');
    allowed = true;
    await check.open();
    expect(check.getSnapshot().state.status).toBe('ready');
  });

  it('retries without the size limits when the camera cannot meet them', async () => {
    const devices = fakeDevices(async (constraints) => {
      const video = constraints.video as MediaTrackConstraints;
      if (typeof video.width === 'object' && 'min' in video.width)
        throw new DOMException('too small', 'OverconstrainedError');
      return fakeStream();
    });
    const check = createDeviceCheck(devices);
    await check.open();
    expect(check.getSnapshot().state.status).toBe('ready');
    expect(devices.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('turns the old camera off before opening the chosen one', async () => {
    const first = fakeStream('cam-1');
    const second = fakeStream('cam-2');
    const streams = [first, second];
    const devices = fakeDevices(async () => streams.shift()!);
    const check = createDeviceCheck(devices);
    await check.open();
    await check.selectCamera('cam-2');
    expect(first.tracks.every((track) => track.stopped)).toBe(true);
    expect(devices.getUserMedia).toHaveBeenLastCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ deviceId: { exact: 'cam-2' } }) }),
    );
    expect(check.getSnapshot()).toMatchObject({
      cameraId: 'cam-2',
      state: { status: 'ready', stream: second },
    });
  });

  it('stops a stream that arrives after the panel let the devices go', async () => {
    const stream = fakeStream();
    let resolve!: (value: MediaStream) => void;
    const devices = fakeDevices(() => new Promise((done) => (resolve = done)));
    const check = createDeviceCheck(devices);
    const opening = check.open();
    check.release();
    resolve(stream);
    await opening;
    expect(check.getSnapshot().state.status).toBe('idle');
    expect(stream.tracks.every((track) => track.stopped)).toBe(true);
  });

  it('hands the live stream over without stopping it, and release then leaves it alone', async () => {
    const stream = fakeStream();
    const check = createDeviceCheck(fakeDevices(async () => stream));
    await check.open();
    expect(check.handOver()).toBe(stream);
    check.release();
    expect(check.getSnapshot().state.status).toBe('idle');
    expect(stream.tracks.some((track) => track.stopped)).toBe(false);
    expect(check.handOver()).toBeNull();
  });

  it('fails without getUserMedia (an insecure page)', async () => {
    const check = createDeviceCheck(undefined);
    await check.open();
    expect(check.getSnapshot().state.status).toBe('failed');
  });

  it('tells subscribers about changes, and follows plugged devices only while someone listens', async () => {
    const devices = fakeDevices(async () => fakeStream());
    const check = createDeviceCheck(devices);
    const listener = vi.fn();
    const unsubscribe = check.subscribe(listener);
    expect(devices.addEventListener).toHaveBeenCalledWith('devicechange', expect.any(Function));
    await check.open();
    expect(listener).toHaveBeenCalled();

    const onDeviceChange = devices.addEventListener.mock.calls[0]![1] as () => void;
    devices.enumerateDevices.mockClear();
    onDeviceChange();
    expect(devices.enumerateDevices).toHaveBeenCalledTimes(1);

    unsubscribe();
    expect(devices.removeEventListener).toHaveBeenCalledWith('devicechange', onDeviceChange);
    listener.mockClear();
    check.release();
    expect(listener).not.toHaveBeenCalled();
  });
});
