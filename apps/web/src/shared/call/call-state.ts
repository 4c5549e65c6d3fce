import type { Participant } from '@seguridad/contracts/realtime/call';

/**
 * The phase of one video call as both the caller's view and the operator's console show it, free
 * of React, sockets and WebRTC:
 *
 *   idle ─joinStarted─▶ joining ─joined(alone) / queue─▶ waiting
 *                          │                                  │ peerJoined(peer)
 *                          └──joined(peer) / peerJoined──▶ connecting { peer, remoteStream }
 *                                                             │ mediaConnected
 *                                                             ▼
 *          connected { peer, remoteStream, reconnecting }  (connectionLost ⇄ connectionRestored)
 *
 *   any live phase ─ended(reason)─▶ ended        connecting / connected ─peerLeft─▶ ended(peer_left)
 *   any live phase ─failed─▶ failed ─joinStarted─▶ joining
 *
 * The other participant and the remote media only exist while there is someone to connect to:
 * `peer`, `remoteStream` and `screenStream` (the operator's shared screen) live in `connecting` and
 * `connected` (the streams set by `remoteStream` / `screenStream`, peer refreshed by `peerJoined` /
 * `joined`), and leaving those phases drops them.
 *
 * A live phase is joining, waiting, connecting or connected. `ended` and `failed` are final, except
 * that a chat message arriving after the end still marks `chatOccurred` (the view then stays open
 * so the citizen can read it) and a failed join may be tried again. Any other event leaves the
 * phase as it is: events come from the network, in whatever order it delivers them.
 */

/** `no_media`: both were in the room but the media never connected (decision 037). */
/** `quick_exit`: the citizen left with Salida rápida (decision 060). */
export type CallEndReason =
  'hangup' | 'peer_left' | 'abandoned' | 'timeout' | 'local_hangup' | 'no_media' | 'quick_exit';

export type CallPhase =
  | { status: 'idle' }
  /** The socket is connecting or the join is in flight. */
  | { status: 'joining' }
  /** In the room alone: the caller waits in the queue (position and ETA once the server sends them). */
  | { status: 'waiting'; position: number | null; etaSeconds: number | null }
  /**
   * Both participants are in the room; media is being negotiated. `peer` is null until the server
   * named the other participant (an offer may arrive first); `remoteStream` once its tracks arrive.
   */
  | {
      status: 'connecting';
      peer: Participant | null;
      remoteStream: MediaStream | null;
      screenStream: MediaStream | null;
    }
  /** Remote media flows; `reconnecting` while the socket or ICE is down and being restored. */
  | {
      status: 'connected';
      reconnecting: boolean;
      peer: Participant | null;
      remoteStream: MediaStream | null;
      /** The screen the other side shares, beside its camera; null when it shares none. */
      screenStream: MediaStream | null;
    }
  | { status: 'ended'; reason: CallEndReason; chatOccurred: boolean }
  /** The join was refused or could not be made; `message` is Spanish, for people. */
  | { status: 'failed'; error: string; message: string };

export type CallEvent =
  | { type: 'joinStarted' }
  /** The server accepted a (re-)join; `peer` is the other participant if already in the room. */
  | { type: 'joined'; peer: Participant | null }
  | { type: 'queue'; position: number; etaSeconds: number }
  /** The other participant is in the room; null when only its offer told so. */
  | { type: 'peerJoined'; peer: Participant | null }
  | { type: 'remoteStream'; stream: MediaStream | null }
  | { type: 'screenStream'; stream: MediaStream | null }
  | { type: 'mediaConnected' }
  | { type: 'connectionLost' }
  | { type: 'connectionRestored' }
  | { type: 'peerLeft'; chatOccurred?: boolean }
  | { type: 'ended'; reason: CallEndReason; chatOccurred?: boolean }
  | { type: 'chatOccurred' }
  | { type: 'failed'; error: string; message: string };

export const initialCallPhase: CallPhase = { status: 'idle' };

export type LiveCallPhase = Extract<
  CallPhase,
  { status: 'joining' | 'waiting' | 'connecting' | 'connected' }
>;

/** The phases with someone on the other side. */
export type PeerPhase = Extract<CallPhase, { status: 'connecting' | 'connected' }>;

export function hasPeer(phase: CallPhase): phase is PeerPhase {
  return phase.status === 'connecting' || phase.status === 'connected';
}

/** The other side's media; none outside `connecting` and `connected`. */
export function remoteStreamOf(phase: CallPhase): MediaStream | null {
  return hasPeer(phase) ? phase.remoteStream : null;
}

/** The screen the other side shares; none outside `connecting` and `connected`. */
export function screenStreamOf(phase: CallPhase): MediaStream | null {
  return hasPeer(phase) ? phase.screenStream : null;
}

/** The other participant, once the server named them; none outside `connecting` and `connected`. */
export function peerOf(phase: CallPhase): Participant | null {
  return hasPeer(phase) ? phase.peer : null;
}

function connecting(peer: Participant | null): CallPhase {
  return { status: 'connecting', peer, remoteStream: null, screenStream: null };
}

/** A peer phase with a newer participant record (same person, after a re-join); else unchanged. */
function withPeer(phase: CallPhase, peer: Participant | null): CallPhase {
  if (!peer || !hasPeer(phase) || phase.peer === peer) return phase;
  return { ...phase, peer };
}

export function isLivePhase(phase: CallPhase): phase is LiveCallPhase {
  return (
    phase.status === 'joining' ||
    phase.status === 'waiting' ||
    phase.status === 'connecting' ||
    phase.status === 'connected'
  );
}

export function callReducer(phase: CallPhase, event: CallEvent): CallPhase {
  switch (event.type) {
    case 'joinStarted':
      return phase.status === 'idle' || phase.status === 'failed' ? { status: 'joining' } : phase;

    case 'joined':
      // A re-join after a reconnect keeps what the call had reached.
      if (phase.status === 'joining')
        return event.peer ? connecting(event.peer) : { status: 'waiting', position: null, etaSeconds: null };
      if (phase.status === 'waiting' && event.peer) return connecting(event.peer);
      return withPeer(phase, event.peer);

    case 'queue':
      if (phase.status === 'joining' || phase.status === 'waiting')
        return { status: 'waiting', position: event.position, etaSeconds: event.etaSeconds };
      return phase;

    case 'peerJoined':
      return phase.status === 'joining' || phase.status === 'waiting'
        ? connecting(event.peer)
        : withPeer(phase, event.peer);

    case 'remoteStream':
      return hasPeer(phase) && phase.remoteStream !== event.stream
        ? { ...phase, remoteStream: event.stream }
        : phase;

    case 'screenStream':
      return hasPeer(phase) && phase.screenStream !== event.stream
        ? { ...phase, screenStream: event.stream }
        : phase;

    case 'mediaConnected':
      return phase.status === 'connecting'
        ? {
            status: 'connected',
            reconnecting: false,
            peer: phase.peer,
            remoteStream: phase.remoteStream,
            screenStream: phase.screenStream,
          }
        : phase;

    case 'connectionLost':
      return phase.status === 'connected' && !phase.reconnecting ? { ...phase, reconnecting: true } : phase;

    case 'connectionRestored':
      return phase.status === 'connected' && phase.reconnecting ? { ...phase, reconnecting: false } : phase;

    case 'peerLeft':
      return phase.status === 'connecting' || phase.status === 'connected'
        ? { status: 'ended', reason: 'peer_left', chatOccurred: event.chatOccurred ?? false }
        : phase;

    case 'ended':
      return isLivePhase(phase)
        ? { status: 'ended', reason: event.reason, chatOccurred: event.chatOccurred ?? false }
        : phase;

    case 'chatOccurred':
      return phase.status === 'ended' && !phase.chatOccurred ? { ...phase, chatOccurred: true } : phase;

    case 'failed':
      return isLivePhase(phase) ? { status: 'failed', error: event.error, message: event.message } : phase;
  }
}
