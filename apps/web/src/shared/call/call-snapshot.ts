import type { ChatMessage, Participant, VideoPlay } from '@seguridad/contracts/realtime/call';
import type { CallPhase } from './call-state';

// What a call session shows: the store holds it and the parts update it. It imports no part, so
// every part (and the store) can name these types without importing each other.

/** A video the operator plays in the call, with where it is now in this browser's clock. */
export type PushedVideo = VideoPlay & {
  /**
   * `Date.now()` in this browser at which the video was at 0 s: server time elapsed since it
   * started, measured against this clock when the news arrived (so clock skew does not matter).
   */
  startedAtLocal: number;
};

/** The operator is recording the call: the recording's id once the server started it. */
export type RecordingStatus = { recordingId: number | null };

export type ChatEntry = ChatMessage & {
  /** Sent (or waiting to be sent), not yet acknowledged by the server. */
  pending?: boolean;
  /** The server refused it or its upload failed; it was not delivered. */
  failed?: boolean;
  /** 0..1 while an attachment uploads (the spec's isLoading / loadingProgress). */
  loadingProgress?: number;
  mine: boolean;
};

export type CallSessionSnapshot = {
  phase: CallPhase;
  /** This side, as the server named it in the join answer. The peer and remote media are in `phase`. */
  self: Participant | null;
  localStream: MediaStream | null;
  /** In order (acknowledged by id, then this side's unacknowledged ones), deduped by id. */
  chat: readonly ChatEntry[];
  microphoneEnabled: boolean;
  cameraEnabled: boolean;
  /** The screen this side shares (the operator's), for its own preview; null when none. */
  localScreenStream: MediaStream | null;
  /** The peer reported the first frame of that screen (`onStreamerVideoReady`). */
  screenSeenByPeer: boolean;
  /** The video the operator plays in the call (`roomAdmin`), on both sides; null when none. */
  pushedVideo: PushedVideo | null;
  /** A phone call's keypad: the last keys the caller pressed, on both sides ('' when none). */
  digits: string;
  /** The operator is recording the call (decision 017), on both sides; null when not. */
  recording: RecordingStatus | null;
  /** Real-time text (decision 060): what the citizen is typing now, on the operator's side. */
  peerTyping: string;
};
