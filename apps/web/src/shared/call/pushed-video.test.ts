import { afterEach, describe, expect, it } from 'vitest';
import { cleanUpCalls, connectedCaller, connectedOperator, room } from './testing/call-fixtures';

afterEach(cleanUpCalls);

const play = {
  videoID: 7,
  title: 'Cómo denunciar',
  url: '/api/media/call-videos/7/video?exp=1&sig=a',
  captionsUrl: null,
  startedAt: '2026-03-01T12:00:00.000Z',
  serverNow: '2026-03-01T12:00:09.000Z',
};

describe('pushed video', () => {
  it('shows what plays, placed on this clock by how long it has played on the server', async () => {
    const { socket, session } = await connectedCaller();
    const before = Date.now();
    socket.fire('roomAdmin', { roomName: room, videoPlay: play });
    const pushed = session.getSnapshot().pushedVideo!;
    expect(pushed).toMatchObject({ videoID: 7, title: 'Cómo denunciar' });
    // Nine seconds in on the server: it started nine seconds before it arrived here.
    expect(pushed.startedAtLocal).toBeGreaterThanOrEqual(before - 9_000);
    expect(pushed.startedAtLocal).toBeLessThanOrEqual(Date.now() - 9_000);

    socket.fire('roomAdmin', { roomName: 'another_room_ABCDEFG', videoPlay: null });
    socket.fire('roomAdmin', { roomName: room, videoPlay: { ...play, url: 42 } });
    expect(session.getSnapshot().pushedVideo).toBe(pushed);
    socket.fire('roomAdmin', { roomName: room, videoPlay: null });
    expect(session.getSnapshot().pushedVideo).toBeNull();
  });

  it('asks the server to play and to stop, and gives its answer', async () => {
    const { socket, session } = await connectedOperator();
    const playing = session.playVideo(7);
    const sent = socket.sent('roomAdmin').at(-1)!;
    expect(sent.payload).toEqual({ roomName: room, videoPlay: { videoID: 7 } });
    sent.ack?.({ ok: false, error: 'video_not_found', message: 'no' });
    expect(await playing).toMatchObject({ ok: false, error: 'video_not_found' });
    const stopping = session.stopVideo();
    socket.sent('roomAdmin').at(-1)!.ack?.({ ok: true });
    expect(await stopping).toEqual({ ok: true });
    expect(socket.sent('roomAdmin').at(-1)!.payload).toEqual({
      roomName: room,
      videoPlay: { videoID: null },
    });
  });

  it('forgets the video when the call ends', async () => {
    const { socket, session } = await connectedCaller();
    socket.fire('roomAdmin', { roomName: room, videoPlay: play });
    socket.fire('call:ended', { roomName: room, reason: 'hangup' });
    expect(session.getSnapshot().pushedVideo).toBeNull();
  });
});
