import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { phoneCallTexts, errorMessages } from '@seguridad/contracts/messages';
import { VOICE_TOKEN_PATTERN } from '@seguridad/contracts/http/calls';
import { getAs } from '../../testing/accounts';
import {
  callRow,
  createCall,
  demoCompanyId,
  demoKey,
  nextCallerAddress,
  nextEvent,
  useDemoCallCentre,
} from '../../testing/calls';
import type { TestContext } from '../../testing/test-app';
import { signVoiceToken, verifyVoiceToken } from '../../lib/voice-token';

const VOICE_TOKEN_SECRET = 'secreto-de-tokens-de-voz-para-pruebas-0123456789';

function getToken(
  ctx: TestContext,
  headers: Record<string, string> = demoKey,
  remoteAddress = nextCallerAddress(),
) {
  return ctx.app.inject({ method: 'GET', url: '/api/token', headers, remoteAddress });
}

describe('phone calls: GET /api/token and the phone call it starts', () => {
  const { server, ctx, admin, other } = useDemoCallCentre({
    otherSlug: 'sur',
    env: { VOICE_TOKEN_SECRET, VOICE_TOKEN_TTL_SECONDS: '600' },
  });

  beforeAll(async () => {
    await server.connectConsole(admin.token);
  });

  it('hands a token signed with the secret, for this company, valid for the configured time', async () => {
    const before = Date.now();
    const response = await getToken(ctx);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, expires_at: expiresAt } = response.json().data as { token: string; expires_at: string };
    expect(token).toMatch(VOICE_TOKEN_PATTERN);
    const [payload, mac] = token.split('.');
    const expected = createHmac('sha256', VOICE_TOKEN_SECRET)
      .update(`voice-call.v1.${payload}`)
      .digest('base64url');
    expect(mac).toBe(expected);
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { c: number; e: number };
    expect(claims.c).toBe(await demoCompanyId(ctx));
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(595_000);
    expect(lifetime).toBeLessThanOrEqual(601_000);
  });

  it('refuses a request without a valid company key', async () => {
    expect((await getToken(ctx, {})).statusCode).toBe(401);
    expect((await getToken(ctx, { 'company-key': 'pk_no_existe_00000000000' })).statusCode).toBe(401);
  });

  it('starts a phone call, flagged phone in the answer, the row and the operators’ queue', async () => {
    const consoleSocket = await server.connectConsole(admin.token);
    const queued = nextEvent<{ id: number; kind: string }>(consoleSocket, 'queue:added');
    const voiceToken = (await getToken(ctx)).json().data.token as string;
    const response = await createCall(ctx, { voiceToken, from: 'https://municipio.example.cl/' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.kind).toBe('phone');
    expect((await callRow(ctx, data.id)).kind).toBe('phone');
    expect(await queued).toMatchObject({ id: data.id, kind: 'phone' });

    const queue = await getAs(ctx, admin.token, '/api/v1/operator/calls/queue');
    expect(queue.json().calls.find((call: { id: number }) => call.id === data.id)).toMatchObject({
      kind: 'phone',
    });

    // A call without a token stays a video call.
    const video = await createCall(ctx, {});
    expect(video.json().data.kind).toBe('video');
  });

  it('starts one call per token: the second use is refused and stores nothing', async () => {
    const voiceToken = (await getToken(ctx)).json().data.token as string;
    expect((await createCall(ctx, { voiceToken })).statusCode).toBe(200);
    const again = await createCall(ctx, { voiceToken });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: 'voice_token_used', message: phoneCallTexts.tokenInvalid });
  });

  it("refuses another company's token, an expired one, a forged one and one for a private room", async () => {
    const foreign = (await getToken(ctx, other.key)).json().data.token as string;
    const refusedForeign = await createCall(ctx, { voiceToken: foreign });
    expect(refusedForeign.statusCode).toBe(403);
    expect(refusedForeign.json()).toMatchObject({ error: 'voice_token_invalid' });

    const companyId = await demoCompanyId(ctx);
    const expired = signVoiceToken(VOICE_TOKEN_SECRET, companyId, 600, new Date(Date.now() - 601_000)).token;
    expect((await createCall(ctx, { voiceToken: expired })).statusCode).toBe(403);

    const forged = signVoiceToken('otro-secreto-que-no-es-el-del-servidor-000000', companyId, 600).token;
    expect((await createCall(ctx, { voiceToken: forged })).statusCode).toBe(403);

    // The payload changed under a valid MAC: another company id.
    const valid = (await getToken(ctx)).json().data.token as string;
    const [, mac] = valid.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ c: other.id, i: 'x'.repeat(22), e: 9_999_999_999 })).toString('base64url')}.${mac}`;
    expect((await createCall(ctx, { voiceToken: tampered })).statusCode).toBe(403);

    const withRoom = await createCall(ctx, { voiceToken: valid, privateRoom: 'a'.repeat(24) });
    expect(withRoom.statusCode).toBe(403);

    const malformed = await createCall(ctx, { voiceToken: 'not a token' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(errorMessages.badRequest);
  });

  it('verifies its own tokens only until they expire', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const { token } = signVoiceToken(VOICE_TOKEN_SECRET, 7, 600, now);
    expect(verifyVoiceToken(VOICE_TOKEN_SECRET, token, new Date(now.getTime() + 599_000))).toMatchObject({
      companyId: 7,
    });
    expect(verifyVoiceToken(VOICE_TOKEN_SECRET, token, new Date(now.getTime() + 600_000))).toBeUndefined();
    expect(verifyVoiceToken(VOICE_TOKEN_SECRET, `${token}.extra`, now)).toBeUndefined();
  });

  it('limits how many tokens one address asks for', async () => {
    const address = '10.98.0.1';
    for (let index = 0; index < ctx.config.voiceToken.perIpMax; index += 1) {
      expect((await getToken(ctx, demoKey, address)).statusCode).toBe(200);
    }
    const limited = await getToken(ctx, demoKey, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(errorMessages.tooManyRequests);
  });
});
