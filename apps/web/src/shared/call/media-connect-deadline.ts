import type { CallContext } from './call-types';

/**
 * Without media this long after both sides met, the offerer restarts ICE once (decision 037): a
 * healthy set-up shows the first frame in under a second on loopback and in a few seconds through
 * a TURN relay, so by then something is stuck (a lost candidate, a network that changed).
 */
export const MEDIA_RESTART_AFTER_MS = 8_000;
/**
 * Without media this long after both sides met, the call ends for both as failed to connect
 * (decision 037): twelve seconds after the restart, several times what a restart through a relay
 * takes, and about as long as a person keeps looking at "Conectando…" before giving up.
 */
export const MEDIA_CONNECT_TIMEOUT_MS = 20_000;

export type MediaConnectDeadlineOptions = {
  /** Asks the offerer to restart ICE if the media is still not connected. */
  restartIce: () => void;
  /** The media never connected: the session ends the call for both sides. */
  giveUp: () => void;
  restartAfterMs?: number;
  timeoutMs?: number;
};

/**
 * Watches the phase: from the moment both participants are in the room (`connecting`) the media
 * has MEDIA_CONNECT_TIMEOUT_MS to connect, with one ICE restart on the way. Without WebRTC, with
 * every media path blocked, or with a peer whose browser never answers, the call used to stay on
 * "Conectando…" for ever; now it ends with a message and a fallback on both sides.
 *
 *   not connecting ─phase connecting─▶ armed ─restartAfterMs─▶ restart asked ─timeoutMs─▶ giveUp()
 *                                        └──── any other phase (connected, ended…) ────▶ disarmed
 *
 * A call that once connected is not watched again: a later drop is the reconnection's job.
 */
export class MediaConnectDeadline {
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private giveUpTimer: ReturnType<typeof setTimeout> | undefined;
  private armed = false;
  private done = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly context: CallContext,
    private readonly options: MediaConnectDeadlineOptions,
  ) {
    this.unsubscribe = context.store.subscribe(() => this.onSnapshot());
  }

  close(): void {
    this.done = true;
    this.disarm();
    this.unsubscribe();
  }

  private onSnapshot(): void {
    if (this.done) return;
    const status = this.context.store.get().phase.status;
    if (status === 'connecting') {
      if (!this.armed) this.arm();
      return;
    }
    this.disarm();
    // Connected once: later drops are reconnections, not a set-up that never happened.
    if (status === 'connected' || status === 'ended' || status === 'failed') this.close();
  }

  private arm(): void {
    this.armed = true;
    const { guard } = this.context;
    this.restartTimer = setTimeout(
      () => guard(() => this.options.restartIce()),
      this.options.restartAfterMs ?? MEDIA_RESTART_AFTER_MS,
    );
    this.giveUpTimer = setTimeout(
      () =>
        guard(() => {
          if (this.done || this.context.store.get().phase.status !== 'connecting') return;
          this.close();
          this.options.giveUp();
        }),
      this.options.timeoutMs ?? MEDIA_CONNECT_TIMEOUT_MS,
    );
  }

  private disarm(): void {
    this.armed = false;
    clearTimeout(this.restartTimer);
    clearTimeout(this.giveUpTimer);
    this.restartTimer = undefined;
    this.giveUpTimer = undefined;
  }
}
