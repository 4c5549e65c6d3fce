import { openCameraStream, stopStream, type DeviceSelection } from '../../shared/media/camera';

/**
 * The camera and microphone check before a call, free of React: it opens the devices, keeps a live
 * stream for the preview, lists the cameras and microphones once the browser has permission (only
 * then do devices have names), and switches device on request.
 *
 *   idle ─open()─▶ opening ─▶ ready { stream } ─select…()─▶ opening ─▶ ready
 *    ▲                │                │
 *    │                └──▶ failed ─────┴── open() (Reintentar) ─▶ opening
 *    └── release() from anywhere (camera off) · handOver() from ready (the call owns the stream)
 *
 * A stream exists only in `ready`. Every open supersedes the one before it: a stream that arrives
 * late for a request nobody waits for any more is stopped at once, so the camera light never stays
 * on behind the person's back.
 */

export type DeviceOption = { id: string; label: string };

export type DeviceCheckState =
  | { status: 'idle' }
  | { status: 'opening' }
  | { status: 'ready'; stream: MediaStream }
  | { status: 'failed'; error: unknown };

export type DeviceCheckSnapshot = {
  state: DeviceCheckState;
  cameras: readonly DeviceOption[];
  microphones: readonly DeviceOption[];
  /** The devices the stream uses (or will use); empty until known. */
  cameraId: string;
  microphoneId: string;
};

export type DeviceCheck = {
  getSnapshot(): DeviceCheckSnapshot;
  subscribe(listener: () => void): () => void;
  /** Opens the selected (or default) camera and microphone; also the Reintentar of a failure. */
  open(): Promise<void>;
  selectCamera(deviceId: string): Promise<void>;
  selectMicrophone(deviceId: string): Promise<void>;
  /** Turns the devices off (the panel left the screen). */
  release(): void;
  /** Gives the live stream to the call and forgets it without stopping it; null when not ready. */
  handOver(): MediaStream | null;
};

type MediaDevicesLike = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'> &
  Partial<Pick<MediaDevices, 'addEventListener' | 'removeEventListener'>>;

/** Devices of one kind as select options; unnamed ones (no permission yet) get a numbered name. */
export function deviceOptions(
  devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[],
  kind: 'videoinput' | 'audioinput',
): DeviceOption[] {
  const fallbackName = kind === 'videoinput' ? 'Cámara' : 'Micrófono';
  const seen = new Set<string>();
  const options: DeviceOption[] = [];
  for (const device of devices) {
    // Browsers list a "default" pseudo-device beside the real ones and hide ids before permission.
    if (device.kind !== kind || !device.deviceId || seen.has(device.deviceId)) continue;
    seen.add(device.deviceId);
    options.push({
      id: device.deviceId,
      label: device.label.trim() || `${fallbackName} ${options.length + 1}`,
    });
  }
  return options;
}

function trackDeviceId(stream: MediaStream, kind: 'video' | 'audio'): string {
  const track = kind === 'video' ? stream.getVideoTracks()[0] : stream.getAudioTracks()[0];
  return track?.getSettings().deviceId ?? '';
}

export function createDeviceCheck(
  devices: MediaDevicesLike | undefined = globalThis.navigator?.mediaDevices,
): DeviceCheck {
  let snapshot: DeviceCheckSnapshot = {
    state: { status: 'idle' },
    cameras: [],
    microphones: [],
    cameraId: '',
    microphoneId: '',
  };
  const listeners = new Set<() => void>();
  /** Bumped by every open and release: a stream for an older request is stopped on arrival. */
  let request = 0;

  function update(next: Partial<DeviceCheckSnapshot>) {
    snapshot = { ...snapshot, ...next };
    listeners.forEach((listener) => listener());
  }

  function currentStream(): MediaStream | null {
    return snapshot.state.status === 'ready' ? snapshot.state.stream : null;
  }

  async function refreshDeviceList() {
    if (!devices) return;
    try {
      const list = await devices.enumerateDevices();
      update({ cameras: deviceOptions(list, 'videoinput'), microphones: deviceOptions(list, 'audioinput') });
    } catch {
      // Without a list the defaults stay in use; the selects simply offer nothing to choose.
    }
  }

  function getStream(selection: DeviceSelection) {
    return openCameraStream(devices, selection);
  }

  async function openWith(selection: { cameraId: string; microphoneId: string }) {
    const mine = ++request;
    // Phones often cannot open a second camera while the first is on: turn it off first.
    stopStream(currentStream());
    update({ state: { status: 'opening' }, ...selection });
    try {
      const stream = await getStream(selection);
      if (mine !== request) {
        stopStream(stream);
        return;
      }
      update({
        state: { status: 'ready', stream },
        cameraId: trackDeviceId(stream, 'video') || selection.cameraId,
        microphoneId: trackDeviceId(stream, 'audio') || selection.microphoneId,
      });
      await refreshDeviceList();
    } catch (error) {
      if (mine !== request) return;
      update({ state: { status: 'failed', error } });
    }
  }

  function release() {
    request += 1;
    if (snapshot.state.status === 'idle') return;
    stopStream(currentStream());
    update({ state: { status: 'idle' } });
  }

  // A camera plugged in or out changes the lists, while anyone is watching.
  const onDeviceChange = () => void refreshDeviceList();

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      if (listeners.size === 0) devices?.addEventListener?.('devicechange', onDeviceChange);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) devices?.removeEventListener?.('devicechange', onDeviceChange);
      };
    },
    open: () => openWith({ cameraId: snapshot.cameraId, microphoneId: snapshot.microphoneId }),
    selectCamera: (cameraId) =>
      cameraId === snapshot.cameraId && currentStream()
        ? Promise.resolve()
        : openWith({ cameraId, microphoneId: snapshot.microphoneId }),
    selectMicrophone: (microphoneId) =>
      microphoneId === snapshot.microphoneId && currentStream()
        ? Promise.resolve()
        : openWith({ cameraId: snapshot.cameraId, microphoneId }),
    release,
    handOver() {
      const stream = currentStream();
      if (!stream) return null;
      request += 1;
      update({ state: { status: 'idle' } });
      return stream;
    },
  };
}
