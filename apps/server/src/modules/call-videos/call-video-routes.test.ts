import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { callTexts } from '@seguridad/contracts/messages';
import type { CallVideo } from '@seguridad/contracts/http/call-videos';
import type { RoomAdminEvent } from '@seguridad/contracts/realtime/call';
import {
  callerJoin,
  connectedCall,
  demoCompanyId,
  demoOperatorSession,
  insertCall,
  newOperator,
  nextEvent,
  otherCompany,
  request,
  useCallTestServer,
  type TestOperator,
} from '../../testing/calls';
import { multipartPayload } from '../../testing/multipart';
import { isWebVtt } from './read-call-video-upload';
import { useTempDir, type TestContext } from '../../testing/test-app';

const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(256, 1)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(256, 2)]);
const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nBienvenida a la central\n';

function uploadForm(parts: {
  title?: string;
  video?: Buffer;
  videoName?: string;
  captions?: string | Buffer;
}) {
  const form = new FormData();
  if (parts.title !== undefined) form.append('title', parts.title);
  if (parts.video)
    form.append('video', new Blob([parts.video], { type: 'video/webm' }), parts.videoName ?? 'clip.webm');
  if (parts.captions !== undefined) form.append('captions', new Blob([parts.captions]), 'clip.vtt');
  return form;
}

async function upload(ctx: TestContext, token: string, form: FormData, remoteAddress = '10.99.0.1') {
  const { payload, headers } = await multipartPayload(form);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/operator/videos',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
    remoteAddress,
  });
}

describe('the video library and pushed videos', () => {
  const dataDir = useTempDir('call-videos-test-');
  const { server, ctx } = useCallTestServer({ env: { DATA_DIR: dataDir } });
  let admin: TestOperator;

  beforeAll(async () => {
    admin = await demoOperatorSession(ctx);
  });

  it('stores an mp4 or webm checked by content, with WebVTT captions, and serves it by signed URL', async () => {
    const response = await upload(
      ctx,
      admin.token,
      uploadForm({ title: ' Cómo denunciar ', video: WEBM, captions: VTT }),
    );
    expect(response.statusCode).toBe(200);
    const video = response.json().video as CallVideo;
    expect(video).toMatchObject({ title: 'Cómo denunciar', mime: 'video/webm', has_captions: true });
    const media = await ctx.app.inject({ method: 'GET', url: video.video_url });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/webm');
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    expect(media.rawPayload.equals(WEBM)).toBe(true);
    const ranged = await ctx.app.inject({
      method: 'GET',
      url: video.video_url,
      headers: { range: 'bytes=0-3' },
    });
    expect(ranged.statusCode).toBe(206);
    const tampered = await ctx.app.inject({ method: 'GET', url: video.video_url.replace(/sig=./, 'sig=A') });
    expect(tampered.statusCode).toBe(403);

    const mp4 = await upload(
      ctx,
      admin.token,
      uploadForm({ title: 'Clip', video: MP4, videoName: 'a.webm' }),
    );
    expect(mp4.json().video).toMatchObject({ mime: 'video/mp4', has_captions: false });

    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/videos',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(listed.json().videos.map((entry: CallVideo) => entry.title)).toEqual(
      expect.arrayContaining(['Cómo denunciar', 'Clip']),
    );
  });

  it('refuses what is not a video, captions that are not WebVTT, no title, and oversized captions', async () => {
    const notVideo = await upload(
      ctx,
      admin.token,
      uploadForm({ title: 'x', video: Buffer.from('<html>not a video</html>') }),
    );
    expect(notVideo.statusCode).toBe(415);
    const badCaptions = await upload(
      ctx,
      admin.token,
      uploadForm({ title: 'x', video: WEBM, captions: '<script>1</script>' }),
    );
    expect(badCaptions.statusCode).toBe(415);
    expect(badCaptions.json().message).toBe(callTexts.videoCaptionsInvalid);
    const hugeCaptions = await upload(
      ctx,
      admin.token,
      uploadForm({ title: 'x', video: WEBM, captions: `WEBVTT\n\n${'a'.repeat(600 * 1024)}` }),
    );
    expect(hugeCaptions.statusCode).toBe(413);
    const noTitle = await upload(ctx, admin.token, uploadForm({ title: '  ', video: WEBM }));
    expect(noTitle.statusCode).toBe(400);
    const noVideo = await upload(ctx, admin.token, uploadForm({ title: 'x' }));
    expect(noVideo.statusCode).toBe(400);
    expect(isWebVtt(Buffer.from('\uFEFFWEBVTT - título\n'))).toBe(true);
    expect(isWebVtt(Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0xff]))).toBe(false);
  });

  it('lets only admins upload and delete, and only their own company videos', async () => {
    const plain = await newOperator(
      ctx,
      'operadora-videos@example.com',
      await demoCompanyId(ctx),
      'operator',
    );
    expect((await upload(ctx, plain.token, uploadForm({ title: 'x', video: WEBM }))).statusCode).toBe(403);
    const other = await otherCompany(ctx, 'videos-ajena');
    const mine = (await upload(ctx, admin.token, uploadForm({ title: 'Mío', video: WEBM }))).json()
      .video as CallVideo;
    const foreignDelete = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/operator/videos/${mine.id}`,
      headers: { authorization: `Bearer ${other.operator}` },
    });
    expect(foreignDelete.statusCode).toBe(404);
    const foreignList = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/videos',
      headers: { authorization: `Bearer ${other.operator}` },
    });
    expect(foreignList.json().videos).toEqual([]);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/operator/videos/${mine.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: mine.video_url })).statusCode).toBe(404);
    // Both the upload and the deletion are in the company's trail, once each.
    const trail = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, String(mine.id)));
    expect(trail.map((entry) => entry.action).sort()).toEqual(['library.video_add', 'library.video_remove']);
  });

  it("plays a company video to the call's room, refuses another company's, the caller, and strangers", async () => {
    const video = (
      await upload(ctx, admin.token, uploadForm({ title: 'Aviso', video: WEBM, captions: VTT }))
    ).json().video as CallVideo;
    const other = await otherCompany(ctx, 'videos-push');
    const foreign = (
      await upload(ctx, other.operator, uploadForm({ title: 'Ajeno', video: WEBM }), '10.99.0.2')
    ).json().video as CallVideo;
    const { test, caller, operatorSocket } = await connectedCall(server, admin);
    const room = test.call.room;

    const refusedForeign = await request(operatorSocket, 'roomAdmin', {
      roomName: room,
      videoPlay: { videoID: foreign.id },
    });
    expect(refusedForeign).toMatchObject({ ok: false, error: 'video_not_found' });
    const refusedCaller = await request(caller, 'roomAdmin', {
      roomName: room,
      videoPlay: { videoID: video.id },
    });
    expect(refusedCaller).toMatchObject({ ok: false, error: 'not_allowed' });
    const bad = await request(operatorSocket, 'roomAdmin', { roomName: room, videoPlay: { videoID: 'x' } });
    expect(bad).toMatchObject({ ok: false, error: 'invalid_payload' });

    const playing = nextEvent<RoomAdminEvent>(caller, 'roomAdmin');
    expect(
      await request(operatorSocket, 'roomAdmin', { roomName: room, videoPlay: { videoID: video.id } }),
    ).toEqual({ ok: true });
    const event = await playing;
    expect(event.videoPlay).toMatchObject({ videoID: video.id, title: 'Aviso' });
    expect((await ctx.app.inject({ method: 'GET', url: event.videoPlay!.captionsUrl! })).body).toBe(VTT);

    // A caller that comes back gets what plays, and since when.
    const again = await server.connect();
    const replay = nextEvent<RoomAdminEvent>(again, 'roomAdmin');
    await request(again, 'join', callerJoin(test));
    expect((await replay).videoPlay).toMatchObject({
      videoID: video.id,
      startedAt: event.videoPlay!.startedAt,
    });

    const stopped = nextEvent<RoomAdminEvent>(again, 'roomAdmin');
    await request(operatorSocket, 'roomAdmin', { roomName: room, videoPlay: { videoID: null } });
    expect((await stopped).videoPlay).toBeNull();

    // An operator of another call (same company) cannot play into this one.
    const elsewhere = await insertCall(ctx, { status: 'active', operatorId: admin.userId });
    const stranger = await request(operatorSocket, 'roomAdmin', {
      roomName: elsewhere.call.room,
      videoPlay: { videoID: video.id },
    });
    expect(stranger).toMatchObject({ ok: false, error: 'not_in_room' });
    server.closeSockets();
  });
});
