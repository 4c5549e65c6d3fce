import type { ServerMessage } from '@seguridad/contracts/realtime/call';
import type { CallContext } from './call-types';
import { screenStreamOf } from './call-state';

/** The messages this part answers; the session routes them here. */
export type ScreenShareMessage = Extract<
  ServerMessage,
  { id: 'screenShareStarted' | 'screenShareStopped' | 'onStreamerVideoReady' }
>;

export type ScreenShareOptions = {
  /** Sends (or withdraws, with null) the shared screen's track on the peer connection. */
  setScreenTrack: (stream: MediaStream | null) => void;
};

/**
 * The operator's shared screen (spec §6: an operator "can share a screen"), on both sides.
 *
 * Sharing side (the operator): a second local source from getDisplayMedia, announced to the peer
 * by its stream id (`screenShareStarted`) before negotiation sends its track, so the receiving side
 * tells it apart from the camera by that id and never by the order of the tracks. Stopping it, from
 * the console or from the browser's own "stop sharing" (the track ends), withdraws the track and
 * says `screenShareStopped`. The announcement is repeated whenever the peer (re-)joins.
 *
 * Receiving side (the caller): remote streams whose id was announced become the phase's
 * `screenStream` (media hands every remote stream here first); the first painted frame is reported
 * once per stream as `onStreamerVideoReady`, which the sharer shows as "the citizen sees it".
 */
export class ScreenShare {
  /** Sharing side: what this side shares. */
  private localScreen: MediaStream | null = null;
  /** Receiving side: the id the peer announced, and the remote streams seen, by id. */
  private announcedId: string | null = null;
  private readonly remoteStreams = new Map<string, MediaStream>();
  private reportedId: string | null = null;

  constructor(
    private readonly context: CallContext,
    private readonly options: ScreenShareOptions,
  ) {}

  get sharing(): boolean {
    return this.localScreen !== null;
  }

  /** Shares `stream` (from getDisplayMedia) in place of any screen shared before. */
  start(stream: MediaStream): void {
    const track = stream.getVideoTracks()[0];
    if (!track || this.context.isDisposed()) return;
    this.releaseLocal();
    this.localScreen = stream;
    // The browser's own "Dejar de compartir" bar ends the track: the share stops on both sides.
    track.addEventListener('ended', this.onLocalTrackEnded);
    this.context.store.update({ localScreenStream: stream, screenSeenByPeer: false });
    this.announce();
    this.options.setScreenTrack(stream);
  }

  stop(): void {
    if (!this.localScreen) return;
    this.releaseLocal();
    this.context.store.update({ localScreenStream: null, screenSeenByPeer: false });
    this.context.sendSignal({ id: 'screenShareStopped', roomName: this.context.room });
    this.options.setScreenTrack(null);
  }

  /** The peer (re-)joined: it learns again which stream is the screen, before any new offer. */
  peerArrived(): void {
    if (this.localScreen) this.announce();
  }

  handle(message: ScreenShareMessage): void {
    switch (message.id) {
      case 'screenShareStarted': {
        this.announcedId = message.streamId;
        const known = this.remoteStreams.get(message.streamId);
        if (known) this.show(known);
        return;
      }
      case 'screenShareStopped':
        this.announcedId = null;
        this.remoteStreams.clear();
        this.context.store.dispatch({ type: 'screenStream', stream: null });
        return;
      case 'onStreamerVideoReady':
        if (this.localScreen && message.videoID === this.localScreen.id)
          this.context.store.update({ screenSeenByPeer: true });
        return;
    }
  }

  /**
   * A remote stream arrived: true when it is the announced screen (then it is shown as such and
   * media leaves it alone). Others are remembered in case their announcement comes later.
   */
  claimRemoteStream(stream: MediaStream): boolean {
    this.remoteStreams.set(stream.id, stream);
    if (stream.id !== this.announcedId) return false;
    this.show(stream);
    return true;
  }

  /** The screen view painted its first frame: tells the sharer, once per stream. */
  reportScreenVideoReady(): void {
    const stream = screenStreamOf(this.context.store.get().phase);
    if (!stream || this.reportedId === stream.id) return;
    this.reportedId = stream.id;
    this.context.sendSignal({ id: 'onStreamerVideoReady', roomName: this.context.room, videoID: stream.id });
  }

  /** The call is over on this side: what was shared stops (the browser's sharing bar goes away). */
  close(): void {
    this.releaseLocal();
    this.remoteStreams.clear();
    this.announcedId = null;
  }

  private show(stream: MediaStream): void {
    if (screenStreamOf(this.context.store.get().phase) !== stream) this.reportedId = null;
    this.context.store.dispatch({ type: 'screenStream', stream });
  }

  private announce(): void {
    if (!this.localScreen) return;
    this.context.sendSignal({
      id: 'screenShareStarted',
      roomName: this.context.room,
      streamId: this.localScreen.id,
    });
  }

  private readonly onLocalTrackEnded = () => this.context.guard(() => this.stop());

  private releaseLocal(): void {
    const stream = this.localScreen;
    if (!stream) return;
    this.localScreen = null;
    for (const track of stream.getTracks()) {
      track.removeEventListener('ended', this.onLocalTrackEnded);
      track.stop();
    }
  }
}
