import { errorMessages } from '@seguridad/contracts/messages';
import {
  callSocketEvents,
  roomAdminEventSchema,
  type RoomAdminAck,
} from '@seguridad/contracts/realtime/call';
import type { CallContext } from './call-types';

/** How long the operator waits for the server to confirm a play or a stop. */
export const ROOM_ADMIN_ACK_TIMEOUT_MS = 8_000;

/**
 * The video an operator pushes into the call (spec `roomAdmin/{room}` `videoPlay.videoID`): the
 * server remembers what plays and since when and tells the room (and anyone who joins later); this
 * part keeps it in the snapshot (`pushedVideo`) and lets the operator play or stop one.
 */
export class PushedVideoPart {
  constructor(
    private readonly context: CallContext,
    private readonly now: () => number = Date.now,
  ) {}

  /** A `roomAdmin` event: parsed, for this room only. */
  receive(payload: unknown): void {
    const parsed = roomAdminEventSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.context.room) return;
    const play = parsed.data.videoPlay;
    if (!play) {
      this.context.store.update({ pushedVideo: null });
      return;
    }
    const elapsed = Math.max(0, Date.parse(play.serverNow) - Date.parse(play.startedAt));
    this.context.store.update({ pushedVideo: { ...play, startedAtLocal: this.now() - elapsed } });
  }

  /** The operator plays a video of the library (an id), or stops what plays (null). */
  request(videoID: number | null): Promise<RoomAdminAck> {
    const { socket, room } = this.context;
    if (!socket.connected || this.context.isDisposed())
      return Promise.resolve({ ok: false, error: 'offline', message: errorMessages.generic });
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => resolve({ ok: false, error: 'timeout', message: errorMessages.generic }),
        ROOM_ADMIN_ACK_TIMEOUT_MS,
      );
      socket.emit(callSocketEvents.roomAdmin, { roomName: room, videoPlay: { videoID } }, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
    });
  }

  /** The call is over: nothing plays any more. */
  close(): void {
    if (this.context.store.get().pushedVideo) this.context.store.update({ pushedVideo: null });
  }
}
