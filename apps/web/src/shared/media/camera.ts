import { VIDEO_CONSTRAINTS } from '@seguridad/contracts/constants';

/** A chosen camera and microphone; empty ids mean the browser's defaults. */
export type DeviceSelection = { cameraId: string; microphoneId: string };

const DEFAULT_DEVICES: DeviceSelection = { cameraId: '', microphoneId: '' };

/** Spec §9 video constraints on the chosen devices; `relaxed` keeps only the ideal size. */
export function mediaConstraints(selection: DeviceSelection, relaxed = false): MediaStreamConstraints {
  const size = relaxed
    ? { width: { ideal: VIDEO_CONSTRAINTS.width.ideal }, height: { ideal: VIDEO_CONSTRAINTS.height.ideal } }
    : VIDEO_CONSTRAINTS;
  return {
    video: selection.cameraId ? { ...size, deviceId: { exact: selection.cameraId } } : { ...size },
    audio: selection.microphoneId ? { deviceId: { exact: selection.microphoneId } } : true,
  };
}

/**
 * Camera and microphone for recording a video mail or for a call. A camera that cannot reach
 * 640×480 still works at its own size rather than failing.
 */
export async function openCameraStream(
  devices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
  selection: DeviceSelection = DEFAULT_DEVICES,
): Promise<MediaStream> {
  if (!devices?.getUserMedia) throw new Error('getUserMedia is not available (insecure page or old browser)');
  try {
    return await devices.getUserMedia(mediaConstraints(selection));
  } catch (error) {
    if ((error as { name?: string }).name !== 'OverconstrainedError') throw error;
    return devices.getUserMedia(mediaConstraints(selection, true));
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}
