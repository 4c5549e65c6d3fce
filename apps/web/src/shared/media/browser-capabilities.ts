/**
 * What this browser can do for the call centre's live channels, checked before anything starts
 * (decision 037): a browser without WebRTC (WebKitGTK, Firefox with `media.peerconnection.enabled`
 * off, as hardened builds ship) used to be queued, accepted and then left on "Conectando…" for
 * good. It is now told at once what it can use instead.
 *
 * - `call`: a live video or phone call needs `RTCPeerConnection` and `getUserMedia`;
 * - `record`: a video mail needs `getUserMedia` and a `MediaRecorder` that writes a type the
 *   server accepts and every console browser plays (WebM or MP4).
 */
export type BrowserCapabilities = { call: boolean; record: boolean };

/** The types the video mail records, in order of preference (spec §9: WebM VP8; Safari records MP4). */
export const PLAYABLE_RECORDING_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm;codecs=vp8',
  'video/webm',
  'video/mp4',
] as const;

/** The parts of `window` the check reads; tests hand a plain object. */
export type CapabilityScope = {
  RTCPeerConnection?: unknown;
  MediaRecorder?: unknown;
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
};

export function supportedRecordingType(
  scope: CapabilityScope = globalThis as CapabilityScope,
): string | null {
  const recorder = scope.MediaRecorder;
  if (typeof recorder !== 'function') return null;
  const isTypeSupported: unknown = (recorder as { isTypeSupported?: unknown }).isTypeSupported;
  if (typeof isTypeSupported !== 'function') return null;
  for (const type of PLAYABLE_RECORDING_TYPES) {
    try {
      if (isTypeSupported.call(recorder, type)) return type;
    } catch {
      // A browser that throws on a type simply does not support it.
    }
  }
  return null;
}

export function browserCapabilities(
  scope: CapabilityScope = globalThis as CapabilityScope,
): BrowserCapabilities {
  const camera = typeof scope.navigator?.mediaDevices?.getUserMedia === 'function';
  return {
    call: camera && typeof scope.RTCPeerConnection === 'function',
    record: camera && supportedRecordingType(scope) !== null,
  };
}
