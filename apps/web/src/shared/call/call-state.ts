/**
 * The phase of one video call as both the caller's view and the operator's console show it, free
 * of React, sockets and WebRTC:
 *
 *   idle ─joinStarted─▶ joining ─joined(alone) / queue─▶ waiting
 *                          │                                  │ peerJoined
 *                          └──joined(peer) / peerJoined──▶ connecting
 *                                                             │ mediaConnected
 *                                                             ▼
 *                          connected { reconnecting }  (connectionLost ⇄ connectionRestored)
 *
 *   any live phase ─ended(reason)─▶ ended        connecting / connected ─peerLeft─▶ ended(peer_left)
 *   any live phase ─failed─▶ failed ─joinStarted─▶ joining
 *
 * A live phase is joining, waiting, connecting or connected. `ended` and `failed` are final, except
 * that a chat message arriving after the end still marks `chatOccurred` (the view then stays open
 * so the citizen can read it) and a failed join may be tried again. Any other event leaves the
 * phase as it is: events come from the network, in whatever order it delivers them.
 */

export type CallEndReason = 'hangup' | 'peer_left' | 'abandoned' | 'timeout' | 'local_hangup';

export type CallPhase =
  | { status: 'idle' }
  /** The socket is connecting or the join is in flight. */
  | { status: 'joining' }
  /** In the room alone: the caller waits in the queue (position and ETA once the server sends them). */
  | { status: 'waiting'; position: number | null; etaSeconds: number | null }
  /** Both participants are in the room; media is being negotiated. */
  | { status: 'connecting' }
  /** Remote media flows; `reconnecting` while the socket or ICE is down and being restored. */
  | { status: 'connected'; reconnecting: boolean }
  | { status: 'ended'; reason: CallEndReason; chatOccurred: boolean }
  /** The join was refused or could not be made; `message` is Spanish, for people. */
  | { status: 'failed'; error: string; message: string };

export type CallEvent =
  | { type: 'joinStarted' }
  | { type: 'joined'; peerPresent: boolean }
  | { type: 'queue'; position: number; etaSeconds: number }
  | { type: 'peerJoined' }
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
        return event.peerPresent
          ? { status: 'connecting' }
          : { status: 'waiting', position: null, etaSeconds: null };
      if (phase.status === 'waiting' && event.peerPresent) return { status: 'connecting' };
      return phase;

    case 'queue':
      if (phase.status === 'joining' || phase.status === 'waiting')
        return { status: 'waiting', position: event.position, etaSeconds: event.etaSeconds };
      return phase;

    case 'peerJoined':
      return phase.status === 'joining' || phase.status === 'waiting' ? { status: 'connecting' } : phase;

    case 'mediaConnected':
      return phase.status === 'connecting' ? { status: 'connected', reconnecting: false } : phase;

    case 'connectionLost':
      return phase.status === 'connected' && !phase.reconnecting
        ? { status: 'connected', reconnecting: true }
        : phase;

    case 'connectionRestored':
      return phase.status === 'connected' && phase.reconnecting
        ? { status: 'connected', reconnecting: false }
        : phase;

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
