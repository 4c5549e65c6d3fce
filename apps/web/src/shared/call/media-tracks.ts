import { remoteStreamOf } from './call-state';
import type { CallContext } from './call-types';

/**
 * The media this side shows: the local stream with its microphone and camera switches, and the
 * remote stream the peer connection delivers (kept in the phase, so it goes when the call does). It does not negotiate; PeerNegotiation reads the
 * local stream from the store and hands every remote track here.
 */
export type MediaTracksOptions = {
  /**
   * Offered every remote stream first: true when another part shows it (the shared screen,
   * recognised by its announced stream id), and then it is not the peer's camera.
   */
  claimRemoteStream?: (stream: MediaStream) => boolean;
};

export class MediaTracks {
  private remoteVideoReported = false;

  constructor(
    private readonly context: CallContext,
    private readonly options: MediaTracksOptions = {},
  ) {}

  get localStream(): MediaStream | null {
    return this.context.store.get().localStream;
  }

  /** Kept in the phase: it only exists while connecting or connected. */
  get remoteStream(): MediaStream | null {
    return remoteStreamOf(this.context.store.get().phase);
  }

  setMicrophoneEnabled(enabled: boolean): void {
    this.localStream?.getAudioTracks().forEach((track) => (track.enabled = enabled));
    this.context.store.update({ microphoneEnabled: enabled });
  }

  setCameraEnabled(enabled: boolean): void {
    this.localStream?.getVideoTracks().forEach((track) => (track.enabled = enabled));
    this.context.store.update({ cameraEnabled: enabled });
  }

  /** Another camera or microphone: it starts muted or not as the switches say. */
  adoptLocalStream(stream: MediaStream): void {
    const { microphoneEnabled, cameraEnabled } = this.context.store.get();
    stream.getAudioTracks().forEach((track) => (track.enabled = microphoneEnabled));
    stream.getVideoTracks().forEach((track) => (track.enabled = cameraEnabled));
    this.context.store.update({ localStream: stream });
  }

  onRemoteTrack(event: RTCTrackEvent): void {
    // A conversation, not a broadcast: show frames as soon as they decode, no extra buffering.
    if (event.receiver && 'jitterBufferTarget' in event.receiver) event.receiver.jitterBufferTarget = 0;
    const [stream] = event.streams;
    if (stream && this.options.claimRemoteStream?.(stream)) return;
    if (stream) {
      if (stream !== this.remoteStream) {
        this.remoteVideoReported = false;
        this.context.store.dispatch({ type: 'remoteStream', stream });
      }
      return;
    }
    // A track without a stream (the sender gave none): gather such tracks in one stream.
    const current = this.remoteStream;
    if (current) {
      if (!current.getTracks().includes(event.track)) current.addTrack(event.track);
      // Same stream, one more track: readers recount its tracks.
      this.context.store.update({});
    } else if (typeof MediaStream !== 'undefined') {
      this.remoteVideoReported = false;
      this.context.store.dispatch({ type: 'remoteStream', stream: new MediaStream([event.track]) });
    }
  }

  /** The remote <video> showed its first frame: tells the peer (`onVideoReady`), once per stream. */
  reportRemoteVideoReady(): void {
    if (this.remoteVideoReported || !this.remoteStream) return;
    this.remoteVideoReported = true;
    this.context.sendSignal({ id: 'onVideoReady', roomName: this.context.room });
  }
}
