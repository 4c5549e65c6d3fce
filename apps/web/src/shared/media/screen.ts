/**
 * A screen, window or tab chosen by the person (getDisplayMedia), as a video-only stream: the
 * voice already travels with the camera. A modest frame rate keeps text sharp within the bitrate.
 * Rejects with the browser's error: `NotAllowedError` when the person cancelled the picker.
 */
export async function openScreenStream(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getDisplayMedia)
    throw new DOMException('no display capture', 'NotSupportedError');
  const stream = await navigator.mediaDevices.getDisplayMedia({
    video: { frameRate: { ideal: 15, max: 30 } },
    audio: false,
  });
  // Text on a screen: the encoder keeps resolution and drops frames rather than blurring.
  for (const track of stream.getVideoTracks()) if ('contentHint' in track) track.contentHint = 'detail';
  return stream;
}

/** The person closed the picker without choosing: nothing to tell them. */
export function isCancelled(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'NotAllowedError';
}
