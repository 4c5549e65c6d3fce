import { callReducer, initialCallPhase, type CallEvent } from './call-state';
import type { CallSessionSnapshot } from './call-snapshot';

/**
 * The session's snapshot as an external store (useSyncExternalStore): every part writes its own
 * fields through update(); the phase only changes through the reducer, via dispatch().
 */
export class CallStore {
  private readonly listeners = new Set<() => void>();
  private snapshot: CallSessionSnapshot;

  constructor(localStream: MediaStream | null) {
    this.snapshot = {
      phase: initialCallPhase,
      self: null,
      localStream,
      chat: [],
      microphoneEnabled: true,
      cameraEnabled: true,
      localScreenStream: null,
      screenSeenByPeer: false,
      pushedVideo: null,
      digits: '',
      recording: null,
      peerTyping: '',
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get = (): CallSessionSnapshot => this.snapshot;

  update(patch: Partial<CallSessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  dispatch(event: CallEvent): void {
    const phase = callReducer(this.snapshot.phase, event);
    if (phase !== this.snapshot.phase) this.update({ phase });
  }
}
