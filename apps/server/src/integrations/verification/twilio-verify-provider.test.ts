import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app';
import {
  confirmSignInCode,
  login,
  newSession,
  postAs,
  requestSignInCode,
  STRONG_PASSWORD,
} from '../../testing/accounts';
import { createTwilioVerifyProvider } from './twilio-verify-provider';

/**
 * A local stand-in of the two Twilio Verify v2 endpoints the client uses, with Twilio's answers:
 * a verification is created per send; a check approves the right code once, then 404s.
 */
function startTwilioStandIn() {
  const pending = new Map<string, string>();
  const requests: { path: string; form: URLSearchParams; authorization: string | undefined }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({ path: request.url ?? '', form, authorization: request.headers.authorization });
      response.setHeader('content-type', 'application/json');
      if (request.headers.authorization !== `Basic ${Buffer.from('AC123:secreto').toString('base64')}`) {
        response.statusCode = 401;
        return response.end(JSON.stringify({ message: 'Authenticate' }));
      }
      if (request.url === '/v2/Services/VA999/Verifications') {
        pending.set(form.get('To') ?? '', '424242');
        response.statusCode = 201;
        return response.end(JSON.stringify({ status: 'pending', channel: form.get('Channel') }));
      }
      if (request.url === '/v2/Services/VA999/VerificationCheck') {
        const expected = pending.get(form.get('To') ?? '');
        if (!expected) {
          response.statusCode = 404;
          return response.end(JSON.stringify({ message: 'not found' }));
        }
        const approved = expected === form.get('Code');
        if (approved) pending.delete(form.get('To') ?? '');
        return response.end(JSON.stringify({ status: approved ? 'approved' : 'pending' }));
      }
      response.statusCode = 404;
      response.end('{}');
    });
  });
  return { server, requests };
}

describe('Twilio Verify client against a local stand-in', () => {
  const standIn = startTwilioStandIn();
  let baseUrl: string;
  let ctx: TestContext;
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    ctx = await createTestApp({
      env: {
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'secreto',
        TWILIO_VERIFY_SERVICE_SID: 'VA999',
        TWILIO_VERIFY_BASE_URL: baseUrl,
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
  });

  it('starts and checks verifications with the E.164 number and channel', async () => {
    const provider = createTwilioVerifyProvider({
      accountSid: 'AC123',
      authToken: 'secreto',
      serviceSid: 'VA999',
      baseUrl,
    });
    expect(await provider.send({ phone: '+56912340000', channel: 'whatsapp' })).toEqual({ codeHash: null });
    const sent = standIn.requests.at(-1)!;
    expect(sent.form.get('To')).toBe('+56912340000');
    expect(sent.form.get('Channel')).toBe('whatsapp');
    expect(await provider.check({ phone: '+56912340000', code: '000000' })).toBe(false);
    expect(await provider.check({ phone: '+56912340000', code: '424242' })).toBe(true);
    expect(await provider.check({ phone: '+56912340000', code: '424242' })).toBe(false);
  });

  it('reports refused credentials', async () => {
    const provider = createTwilioVerifyProvider({
      accountSid: 'AC123',
      authToken: 'mala',
      serviceSid: 'VA999',
      baseUrl,
    });
    await expect(provider.send({ phone: '+56912340000', channel: 'sms' })).rejects.toThrow(/401/);
  });

  it('carries a whole two-step login when the server is configured for Twilio', async () => {
    const email = 'twilio@example.com';
    const token = await newSession(ctx, email);
    await postAs(ctx, token, '/api/v1/auth/2fa/startVerifyUserPhoneNumber', {
      phone_number: '56977778888',
      type: 1,
      password: STRONG_PASSWORD,
    });
    const verified = await postAs(ctx, token, '/api/v1/auth/2fa/verifyUserPhoneNumber', {
      phone_number: '56977778888',
      code: '424242',
    });
    expect(verified.statusCode).toBe(200);
    const [phone] = (await login(ctx, email)).json()['2fa_masked_user_phones'] as { id: number }[];
    await requestSignInCode(ctx, { email, phoneId: phone!.id, type: 1 });
    const session = await confirmSignInCode(ctx, email, '424242');
    expect(session.json().access_token).toBeTruthy();
  });
});
