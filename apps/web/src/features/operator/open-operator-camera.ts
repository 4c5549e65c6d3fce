import { VIDEO_CONSTRAINTS } from '@seguridad/contracts/constants';

/**
 * The operator's camera (spec §9 constraints) and microphone. A camera that cannot reach 640×480
 * still works at its own size rather than failing the call.
 */
export async function openOperatorCamera(
  devices: MediaDevices | undefined = globalThis.navigator?.mediaDevices,
): Promise<MediaStream> {
  if (!devices?.getUserMedia) throw new Error('getUserMedia is not available (insecure page or old browser)');
  try {
    return await devices.getUserMedia({ video: VIDEO_CONSTRAINTS, audio: true });
  } catch (error) {
    if ((error as { name?: string }).name !== 'OverconstrainedError') throw error;
    return devices.getUserMedia({
      video: {
        width: { ideal: VIDEO_CONSTRAINTS.width.ideal },
        height: { ideal: VIDEO_CONSTRAINTS.height.ideal },
      },
      audio: true,
    });
  }
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
