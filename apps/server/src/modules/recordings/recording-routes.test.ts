import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_CHUNK_MAX_BYTES } from '@seguridad/contracts/http/recordings';
import { errorMessages, recordingTexts } from '@seguridad/contracts/messages';
import { callRecordings, videoCalls } from '../../db/schema';
import { readWebmDurationMs } from '../../integrations/storage/ebml-elements';
import { bearer, getAs, postAs, sendAs } from '../../testing/accounts';
import {
  connectedCall,
  demoCompanyId,
  demoOperatorSession,
  newOperator,
  nextEvent,
  nextMessage,
  otherCompany,
  useCallTestServer,
  waitFor,
  type TestOperator,
} from '../../testing/calls';
import { recordingById, setRetentionDays } from './recording-queries';
import { sweepExpiredRecordings } from './recording-service';
import { useTempDir } from '../../testing/test-app';

// ~2 s recorded by Chromium's MediaRecorder (fake camera, vp8+opus), cut into three chunks.
const recording = readFileSync(
  new URL('../../integrations/storage/__fixtures__/chrome-recording.webm', import.meta.url),
);
const third = Math.floor(recording.length / 3);
const chunks = [
  recording.subarray(0, third),
  recording.subarray(third, 2 * third),
  recording.subarray(2 * third),
];

describe('call recordings', () => {
  const dataDir = useTempDir('recordings-test-');
  const { server } = useCallTestServer({ env: { DATA_DIR: dataDir } });
  let operator: TestOperator;

  beforeAll(async () => {
    operator = await demoOperatorSession(server.ctx);
  });
  afterEach(() => server.closeSockets());

  const upload = (id: number, seq: number, body: Buffer, token = operator.token) =>
    server.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/recordings/${id}/chunks/${seq}`,
      headers: { ...bearer(token), 'content-type': 'application/octet-stream' },
      payload: body,
    });

  /** A connected call whose operator started recording; both sides saw `startRecording`. */
  async function recordedCall() {
    const call = await connectedCall(server, operator);
    const toCaller = nextMessage<{ recordingId: number }>(call.caller, 'startRecording');
    const toOperator = nextMessage<{ recordingId: number }>(call.operatorSocket, 'startRecording');
    call.operatorSocket.emit('message', {
      id: 'startRecording',
      roomName: call.test.call.room,
      recordingType: 1,
      videoCallID: call.test.call.id,
    });
    const started = await toOperator;
    expect(await toCaller).toMatchObject({
      id: 'startRecording',
      from: `operator:${operator.userId}`,
      videoCallID: call.test.call.id,
      recordingType: 1,
      recordingId: started.recordingId,
    });
    return { ...call, recordingId: started.recordingId };
  }

  async function stop(operatorSocket: Socket, room: string, callId: number) {
    const stopped = nextMessage(operatorSocket, 'stopRecording');
    operatorSocket.emit('message', { id: 'stopRecording', roomName: room, videoCallID: callId });
    await stopped;
  }

  it('appends chunks in order and finalises a seekable file with its duration when recording stops', async () => {
    const { test, operatorSocket, recordingId } = await recordedCall();
    for (const [seq, chunk] of chunks.entries()) {
      const response = await upload(recordingId, seq, chunk);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ code: 200, next_seq: seq + 1 });
    }
    await stop(operatorSocket, test.call.room, test.call.id);

    const row = await recordingById(server.ctx.database.db, recordingId);
    expect(row).toMatchObject({ status: 'ready' });
    expect(row!.durationMs).toBeGreaterThan(1_500);
    expect(row!.durationMs).toBeLessThan(3_000);

    const list = await getAs(server.ctx, operator.token, '/api/v1/operator/recordings');
    const listed = list.json().recordings.find((entry: { id: number }) => entry.id === recordingId);
    expect(listed).toMatchObject({ call_id: test.call.id, status: 'ready', duration_ms: row!.durationMs });
    const file = await server.ctx.app.inject({ method: 'GET', url: listed.video_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/webm');
    expect(readWebmDurationMs(file.rawPayload)).toBeCloseTo(row!.durationMs!, -1);
    // Cues (0x1C53BB6B) and a SeekHead (0x114D9B74) are what make it seekable.
    expect(file.rawPayload.includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]))).toBe(true);
    expect(file.rawPayload.includes(Buffer.from([0x11, 0x4d, 0x9b, 0x74]))).toBe(true);
    const ranged = await server.ctx.app.inject({
      method: 'GET',
      url: listed.video_url,
      headers: { range: 'bytes=0-3' },
    });
    expect(ranged.statusCode).toBe(206);
    expect([...ranged.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    const forged = await server.ctx.app.inject({
      method: 'GET',
      url: `/api/media/recordings/${recordingId}?exp=9999999999&sig=x`,
    });
    expect(forged.statusCode).toBe(403);
  });

  it('refuses a duplicated chunk and one out of order with clear codes, and keeps the file intact', async () => {
    const { recordingId } = await recordedCall();
    expect((await upload(recordingId, 0, chunks[0]!)).statusCode).toBe(200);
    const duplicate = await upload(recordingId, 0, chunks[0]!);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      error: 'chunk_duplicate',
      message: recordingTexts.chunkOutOfOrder,
    });
    const ahead = await upload(recordingId, 2, chunks[2]!);
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json()).toMatchObject({ error: 'chunk_out_of_order' });
    const row = await recordingById(server.ctx.database.db, recordingId);
    expect(row).toMatchObject({ nextSeq: 1, bytes: chunks[0]!.length });
    expect(await server.ctx.app.storage.pieces(row!.storageKey)).toEqual([
      { index: 0, bytes: chunks[0]!.length },
    ]);
  });

  it('refuses an oversized chunk (413), an empty one and one that is not raw bytes', async () => {
    const { recordingId } = await recordedCall();
    const oversized = await upload(recordingId, 0, Buffer.alloc(RECORDING_CHUNK_MAX_BYTES + 1));
    expect(oversized.statusCode).toBe(413);
    expect((await upload(recordingId, 0, Buffer.alloc(0))).statusCode).toBe(400);
    const json = await postAs(
      server.ctx,
      operator.token,
      `/api/v1/operator/recordings/${recordingId}/chunks/0`,
      { chunk: 'x' },
    );
    expect(json.statusCode).toBe(415);
    expect((await recordingById(server.ctx.database.db, recordingId))!.nextSeq).toBe(0);
  });

  it('refuses chunks from callers, from a colleague not in the call and from another company', async () => {
    const { recordingId } = await recordedCall();
    const anonymous = await server.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/recordings/${recordingId}/chunks/0`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: chunks[0]!,
    });
    expect(anonymous.statusCode).toBe(401);
    const colleague = await newOperator(
      server.ctx,
      'grabadora-colega@example.com',
      await demoCompanyId(server.ctx),
    );
    const notInCall = await upload(recordingId, 0, chunks[0]!, colleague.token);
    expect(notInCall.statusCode).toBe(403);
    expect(notInCall.json()).toMatchObject({ error: 'not_in_call', message: recordingTexts.notInCall });
    const other = await otherCompany(server.ctx, 'grabaciones');
    const foreign = await upload(recordingId, 0, chunks[0]!, other.operator);
    expect(foreign.statusCode).toBe(404);
    expect((await recordingById(server.ctx.database.db, recordingId))!.nextSeq).toBe(0);
  });

  it("refuses a chunk of another call's recording to the operator of this call", async () => {
    const first = await recordedCall();
    const second = await connectedCall(server, operator);
    // The operator's own recording, but of a call it left: the call ended, so nothing more is taken.
    await server.ctx.database.db
      .update(videoCalls)
      .set({ status: 'ended', endedAt: new Date() })
      .where(eq(videoCalls.id, first.test.call.id));
    const response = await upload(first.recordingId, 0, chunks[0]!);
    expect(response.statusCode).toBe(403);
    expect(second.test.call.id).not.toBe(first.test.call.id);
  });

  it('refuses startRecording from the caller and from an operator of another call', async () => {
    const { test, caller } = await connectedCall(server, operator);
    const refused = nextEvent<{ error: string; message: string }>(caller, 'signal:error');
    caller.emit('message', {
      id: 'startRecording',
      roomName: test.call.room,
      recordingType: 1,
      videoCallID: test.call.id,
    });
    expect(await refused).toEqual({ error: 'not_allowed', message: errorMessages.forbidden });
    const rows = await server.ctx.database.db
      .select()
      .from(callRecordings)
      .where(eq(callRecordings.callId, test.call.id));
    expect(rows).toEqual([]);
  });

  it('finalises an open recording when the call ends, and tells a caller who rejoins that it is recorded', async () => {
    const { test, caller, operatorSocket, recordingId } = await recordedCall();
    for (const [seq, chunk] of chunks.entries())
      expect((await upload(recordingId, seq, chunk)).statusCode).toBe(200);

    caller.close();
    const again = await server.connect();
    const told = nextMessage<{ recordingId: number }>(again, 'startRecording');
    again.emit(
      'join',
      { roomName: test.call.room, videoCallID: test.call.id, callToken: test.token },
      () => undefined,
    );
    expect((await told).recordingId).toBe(recordingId);

    const ended = nextEvent(operatorSocket, 'call:ended');
    again.emit('leave', { roomName: test.call.room }, () => undefined);
    await ended;
    await waitFor(async () => (await recordingById(server.ctx.database.db, recordingId))?.status === 'ready');
    expect((await recordingById(server.ctx.database.db, recordingId))!.durationMs).toBeGreaterThan(1_500);
  });

  it('deletes recordings past their company retention, file and row, and keeps younger ones', async () => {
    const db = server.ctx.database.db;
    const { test, operatorSocket, recordingId } = await recordedCall();
    expect((await upload(recordingId, 0, recording)).statusCode).toBe(200);
    await stop(operatorSocket, test.call.room, test.call.id);
    const row = (await recordingById(db, recordingId))!;
    await setRetentionDays(db, test.call.companyId, 7);

    expect(await sweepExpiredRecordings(server.ctx.app, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await recordingById(db, recordingId)).toBeDefined();
    expect(
      await sweepExpiredRecordings(server.ctx.app, new Date(Date.now() + 8 * 86_400_000)),
    ).toBeGreaterThan(0);
    expect(await recordingById(db, recordingId)).toBeUndefined();
    expect(await server.ctx.app.storage.size(row.storageKey)).toBeUndefined();
  });

  it('keeps the retention as a company setting that only admins change, within bounds', async () => {
    const settings = () => getAs(server.ctx, operator.token, '/api/v1/operator/company');
    const change = (days: unknown) =>
      sendAs(server.ctx, operator.token, 'PATCH', '/api/v1/operator/company', {
        recording_retention_days: days,
      });
    expect((await change(30)).statusCode).toBe(200);
    expect((await settings()).json().company.recording_retention_days).toBe(30);
    expect((await change(0)).statusCode).toBe(400);
    expect((await change(99_999)).statusCode).toBe(400);
  });
});
