import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import {
  callSocketEvents,
  roomAdminPayloadSchema,
  type RoomAdminAck,
  type VideoPlay,
} from '@seguridad/contracts/realtime/call';
import { callRoom } from '../modules/calls/call-access';
import {
  CALL_VIDEO_URL_TTL_MS,
  callVideoMediaPath,
  companyCallVideo,
  currentVideoPlay,
  startVideoPlay,
  stopVideoPlay,
} from '../modules/call-videos/call-video-queries';
import { signPath } from '../lib/signed-urls';
import { ackOf, isInRoom, refusal, type AppSocket, type CallMembership } from './call-socket';
import type { Deps } from '../lib/dependencies';

type PlayingVideo = { id: number; title: string; captionsKey: string | null };

function videoPlayOf(secret: string, video: PlayingVideo, startedAt: Date): VideoPlay {
  const sign = (file: 'video' | 'captions') =>
    signPath(secret, callVideoMediaPath(video.id, file), CALL_VIDEO_URL_TTL_MS);
  return {
    videoID: video.id,
    title: video.title,
    url: sign('video'),
    captionsUrl: video.captionsKey ? sign('captions') : null,
    startedAt: startedAt.toISOString(),
    serverNow: new Date().toISOString(),
  };
}

/**
 * `roomAdmin` (spec path roomAdmin/{room}, `videoPlay.videoID`): the call's operator plays a video
 * of its company's library to the room, or stops it (null). The database remembers what plays and
 * since when, so a participant joining later (on any process) starts it where it is.
 */
export async function handleRoomAdmin(
  app: Deps<'config' | 'database' | 'io'>,
  socket: AppSocket,
  payload: unknown,
  rawAck: unknown,
): Promise<void> {
  const ack = ackOf<RoomAdminAck>(rawAck);
  const parsed = roomAdminPayloadSchema.safeParse(payload);
  if (!parsed.success) return ack(refusal('invalid_payload', errorMessages.badRequest));
  const { roomName, videoPlay } = parsed.data;
  const membership = socket.data.call;
  if (!membership || !isInRoom(socket, roomName)) return ack(refusal('not_in_room', callTexts.notInCall));
  if (membership.side !== 'answerer') return ack(refusal('not_allowed', errorMessages.forbidden));
  const db = app.database.db;
  const room = callRoom(roomName);
  if (videoPlay.videoID === null) {
    await stopVideoPlay(db, membership.callId);
    app.io.to(room).emit(callSocketEvents.roomAdmin, { roomName, videoPlay: null });
    return ack({ ok: true });
  }
  // Another company's video is as unknown here as one that does not exist.
  const video = await companyCallVideo(db, membership.companyId, videoPlay.videoID);
  if (!video) return ack(refusal('video_not_found', callTexts.videoNotFound));
  const startedAt = await startVideoPlay(db, membership.callId, video.id);
  app.io.to(room).emit(callSocketEvents.roomAdmin, {
    roomName,
    videoPlay: videoPlayOf(app.config.mediaUrlSecret, video, startedAt),
  });
  ack({ ok: true });
}

/** To a participant that (re-)joined: what plays now, if anything, and since when. */
export async function sendCurrentVideoPlay(
  app: Deps<'config' | 'database'>,
  socket: AppSocket,
  membership: CallMembership,
) {
  const playing = await currentVideoPlay(app.database.db, membership.callId);
  if (!playing || !isInRoom(socket, membership.room)) return;
  socket.emit(callSocketEvents.roomAdmin, {
    roomName: membership.room,
    videoPlay: videoPlayOf(app.config.mediaUrlSecret, playing.video, playing.startedAt),
  });
}
