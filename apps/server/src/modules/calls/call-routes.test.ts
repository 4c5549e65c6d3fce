import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { specialities, videoCalls } from '../../db/schema';
import { bearer, postAs } from '../../testing/accounts';
import {
  callRow,
  createCall,
  demoCompanyId,
  demoKey,
  openDemoCompany,
  startCall,
  useDemoCallCentre,
} from '../../testing/calls';
import { createTestApp } from '../../testing/test-app';

const TURN_SECRET = 'secreto-de-coturn-para-pruebas';

describe('video call HTTP routes of the caller', () => {
  const { server, ctx, admin, other } = useDemoCallCentre({
    otherSlug: 'norte',
    env: { TURN_URLS: 'turn:turn.example.cl:3478?transport=udp,turns:turn.example.cl', TURN_SECRET },
  });

  describe('with no operator online', () => {
    it('answers 503 no_operators, and keeps the refused call for reports but not in the history', async () => {
      const response = await createCall(ctx);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: 'no_operators', message: callTexts.noOperators });
      const rows = await ctx.database.db.select().from(videoCalls);
      expect(rows).toEqual([
        expect.objectContaining({
          status: 'abandoned',
          endReason: 'no_operators',
          callerTokenHash: null,
          acceptedAt: null,
          endedAt: expect.any(Date),
        }),
      ]);
      const history = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/operator/calls/history',
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(history.statusCode).toBe(200);
      expect(history.json().calls).toEqual([]);
      await ctx.database.db.delete(videoCalls);
    });
  });

  describe('with an operator online', () => {
    beforeAll(async () => {
      await server.connectConsole(admin.token);
    });

    it('starts a General call and hands the caller a token', async () => {
      const response = await createCall(ctx, {
        speciality: 0,
        from: 'https://municipio.example.cl/contacto',
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toEqual({
        id: expect.any(Number),
        company_id: await demoCompanyId(ctx),
        room: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        private: false,
        kind: 'video',
      });
      const row = await callRow(ctx, data.id);
      expect(row).toMatchObject({
        status: 'waiting',
        specialityId: null,
        specialityName: callTexts.defaultSpeciality,
        fromPage: 'https://municipio.example.cl/contacto',
        isPrivate: false,
      });
      expect(row.callerTokenHash).not.toContain(data.token);
    });

    it("takes one of the company's specialities, and refuses another company's or an unknown one", async () => {
      const [ours] = await ctx.database.db
        .select()
        .from(specialities)
        .where(eq(specialities.companyId, await demoCompanyId(ctx)))
        .limit(1);
      const [theirs] = await ctx.database.db
        .insert(specialities)
        .values({ companyId: other.id, name: 'Solo del norte' })
        .returning();
      const chosen = await startCall(ctx, { speciality: ours!.id });
      expect(await callRow(ctx, chosen.id)).toMatchObject({
        specialityId: ours!.id,
        specialityName: ours!.name,
      });
      for (const speciality of [theirs!.id, 987_654]) {
        const refused = await createCall(ctx, { speciality });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          error: 'speciality_invalid',
          message: errorMessages.badRequest,
        });
      }
      const malformed = await createCall(ctx, { speciality: -3 } as never);
      expect(malformed.statusCode).toBe(400);
    });

    it('refuses a wrong company key with 401', async () => {
      const response = await createCall(ctx, {}, { 'company-key': 'pk_no_existe_00000000000' });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(errorMessages.companyKeyInvalid);
    });

    it('answers 503 when the service is off or the centre is closed', async () => {
      await openDemoCompany(ctx, { videoCallEnabled: false });
      const off = await createCall(ctx);
      expect(off.statusCode).toBe(503);
      expect(off.json()).toMatchObject({ error: 'video_call_off', message: callTexts.serviceOff });

      await openDemoCompany(ctx, { workingHours: [] });
      const closed = await createCall(ctx);
      expect(closed.statusCode).toBe(503);
      expect(closed.json()).toMatchObject({ error: 'outside_hours', message: callTexts.outsideHours });
      await openDemoCompany(ctx);
    });

    it('ends a waiting call from a text/plain beacon body as abandoned, and again without error', async () => {
      const call = await startCall(ctx);
      const beacon = () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/calls/videoCall/${call.id}/end`,
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          payload: JSON.stringify({ token: call.token }),
        });
      const first = await beacon();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ success: true });
      expect(await callRow(ctx, call.id)).toMatchObject({
        status: 'abandoned',
        endReason: 'abandoned',
        endedAt: expect.any(Date),
      });
      expect((await beacon()).statusCode).toBe(200);
    });

    it('ends an active call with the call-token header, and refuses strangers with 404', async () => {
      const call = await startCall(ctx);
      const stranger = await startCall(ctx);
      const accept = await postAs(ctx, admin.token, `/api/v1/operator/calls/${call.id}/accept`);
      expect(accept.statusCode).toBe(200);

      for (const headers of [
        { 'call-token': stranger.token, ...demoKey },
        { 'call-token': call.token, ...other.key },
        bearer(other.operator),
        {},
      ]) {
        const refused = await ctx.app.inject({
          method: 'POST',
          url: `/api/calls/videoCall/${call.id}/end`,
          headers,
        });
        expect(refused.statusCode, refused.body).toBe(404);
      }
      expect((await callRow(ctx, call.id)).status).toBe('active');

      const ended = await ctx.app.inject({
        method: 'POST',
        url: `/api/calls/videoCall/${call.id}/end`,
        headers: { 'call-token': call.token, ...demoKey },
      });
      expect(ended.statusCode).toBe(200);
      expect(await callRow(ctx, call.id)).toMatchObject({ status: 'ended', endReason: 'hangup' });
    });

    it('lets an operator of the company end a call with its session (JSON body ignored)', async () => {
      const call = await startCall(ctx);
      const ended = await postAs(ctx, admin.token, `/api/calls/videoCall/${call.id}/end`, {});
      expect(ended.statusCode).toBe(200);
      expect((await callRow(ctx, call.id)).status).toBe('abandoned');
    });

    it('hands TURN credentials to members only', async () => {
      const call = await startCall(ctx);
      const stranger = await startCall(ctx);
      const relay = (headers: Record<string, string>) =>
        ctx.app.inject({ method: 'GET', url: `/api/calls/videoCall/${call.id}/relaySettings`, headers });

      const caller = await relay({ ...demoKey, 'call-token': call.token });
      expect(caller.statusCode).toBe(200);
      expect(caller.headers['cache-control']).toBe('no-store');
      const settings = caller.json().data;
      expect(settings).toMatchObject({
        turn_ip: 'turn.example.cl',
        turn_port: 3478,
        urls: ['turn:turn.example.cl:3478?transport=udp', 'turns:turn.example.cl'],
        ttl_seconds: 3600,
      });
      const [expiry, ...participant] = settings.turn_user.split(':');
      expect(participant.join(':')).toBe(`caller:${call.id}`);
      expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(3590);
      expect(settings.turn_password).toBe(
        createHmac('sha1', TURN_SECRET).update(settings.turn_user).digest('base64'),
      );

      const operator = await relay(bearer(admin.token));
      expect(operator.json().data.turn_user).toMatch(/^\d+:operator:\d+$/);

      expect((await relay({ ...demoKey, 'call-token': stranger.token })).statusCode).toBe(404);
      expect((await relay({ 'call-token': call.token })).statusCode).toBe(401);
      expect((await relay(bearer(other.operator))).statusCode).toBe(404);
      expect((await relay({ ...demoKey })).statusCode).toBe(404);
    });

    it('gives no relay when none is configured', async () => {
      const call = await startCall(ctx);
      const plain = await createTestApp({ database: ctx.database });
      try {
        const response = await plain.app.inject({
          method: 'GET',
          url: `/api/calls/videoCall/${call.id}/relaySettings`,
          headers: { ...demoKey, 'call-token': call.token },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: true, data: null });
      } finally {
        await plain.close();
      }
    });

    it('validates the call id', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/calls/videoCall/abc/relaySettings',
        headers: demoKey,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'validation_failed',
        message: errorMessages.badRequest,
      });
    });

    it('limits how many calls one address starts', async () => {
      const attempt = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/calls/videoCall',
          headers: { 'company-key': 'pk_no_existe_00000000000' },
          payload: {},
          remoteAddress: '10.99.0.1',
        });
      for (let index = 0; index < ctx.config.videoCallsMax; index += 1) {
        expect((await attempt()).statusCode).toBe(401);
      }
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(errorMessages.tooManyRequests);
    });
  });
});
