import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_LINK } from '@seguridad/contracts/http/call-links';
import { callLinkTexts } from '@seguridad/contracts/messages/call-links';
import { auditEvents, callLinks, outboxMessages, videoCalls } from '../../db/schema';
import { bearer, getAs } from '../../testing/accounts';
import { callRow, createCall, useDemoCallCentre } from '../../testing/calls';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { demoOperatorSession, openDemoCompany } from '../../testing/calls';
import { twilioSignature } from '../../integrations/messaging/twilio-message-sender';

const send = (ctx: TestContext, token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/operator/call-links', headers: bearer(token), payload });

let phoneCounter = 0;
/** A different mobile per test, so the per-phone limit bites only where it is tested. */
function nextPhone(): string {
  phoneCounter += 1;
  return `+5699${String(10_000_000 + phoneCounter).slice(1)}`;
}

describe('call links by SMS or WhatsApp (decision 061)', () => {
  // Eight links per operator: this block sends seven before the test of the limit.
  const { ctx, admin } = useDemoCallCentre({
    otherSlug: 'enlaces',
    env: { CALL_LINKS_PER_OPERATOR_MAX: '8' },
  });

  async function sendLink(phone = nextPhone(), channel: 'sms' | 'whatsapp' = 'sms') {
    const response = await send(ctx, admin.token, { phone, channel });
    expect(response.statusCode).toBe(200);
    return {
      phone,
      ...(response.json() as {
        link: { id: number; call_id: number; state: string };
        call: { id: number; room: string };
      }),
    };
  }

  async function stateOf(linkId: number): Promise<string | undefined> {
    const list = await getAs(ctx, admin.token, '/api/v1/operator/call-links');
    return (list.json().links as { id: number; state: string }[]).find((link) => link.id === linkId)?.state;
  }

  it('opens a private room of this operator and sends its one-time link, kept in the outbox here', async () => {
    const { phone, link, call } = await sendLink('9 1234 5678');
    expect(phone).toBe('9 1234 5678');
    expect(link).toMatchObject({ call_id: call.id, phone: '+56912345678', channel: 'sms', state: 'sent' });
    expect(await callRow(ctx, call.id)).toMatchObject({
      isPrivate: true,
      status: 'waiting',
      operatorId: admin.userId,
    });
    const [message] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, '+56912345678'))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message!.text).toContain(`${ctx.config.publicBaseUrl}/?privatevideo=${call.room}`);
    expect(message!.text).toContain('vence en 15 minutos');
    expect(message!.secretExpiresAt).toEqual(expect.any(Date));

    const [audit] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'call.link_send'), eq(auditEvents.subjectId, String(call.id))));
    expect(audit?.details).toEqual({ canal: 'SMS', celular: '+569 •••• 5678' });
  });

  it.each([
    [{ phone: '12345', channel: 'sms' }, callLinkTexts.phoneInvalid],
    [{ phone: '+56912345678', channel: 'telegram' }, callLinkTexts.channelInvalid],
    [{ channel: 'sms' }, callLinkTexts.phoneInvalid],
  ])('refuses %j in Spanish', async (payload, message) => {
    const response = await send(ctx, admin.token, payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('is for staff only: a citizen or nobody cannot send one', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/call-links',
      payload: { phone: nextPhone(), channel: 'sms' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('follows the link from sent to opened, in call and used; a used link says so in Spanish', async () => {
    const { link, call } = await sendLink();
    const opened = await createCall(ctx, { privateRoom: call.room });
    expect(opened.statusCode).toBe(200);
    expect(await stateOf(link.id)).toBe('opened');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/calls/${call.id}/accept`,
      headers: bearer(admin.token),
    });
    expect(accepted.statusCode).toBe(200);
    expect(await stateOf(link.id)).toBe('in_call');
    // A reload of the citizen's page while the call lasts still gets in.
    expect((await createCall(ctx, { privateRoom: call.room })).statusCode).toBe(200);

    await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${call.id}/end`,
      headers: bearer(admin.token),
    });
    expect(await stateOf(link.id)).toBe('ended');
    const again = await createCall(ctx, { privateRoom: call.room });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: 'call_link_used', message: callLinkTexts.used });
  });

  it('refuses a link not opened in time, closes its room, and lists it as expired', async () => {
    const { link, call } = await sendLink();
    await ctx.database.db
      .update(callLinks)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(callLinks.id, link.id));
    expect(await stateOf(link.id)).toBe('expired');
    const late = await createCall(ctx, { privateRoom: call.room });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: 'call_link_expired', message: callLinkTexts.expired });
    expect(await callRow(ctx, call.id)).toMatchObject({ status: 'abandoned', endReason: 'link_expired' });
    expect(await stateOf(link.id)).toBe('expired');
  });

  it('takes the company’s minutes for how long a link works', async () => {
    const change = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/operator/company',
      headers: bearer(admin.token),
      payload: { call_link_minutes: 30 },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().company.call_link_minutes).toBe(30);
    const before = Date.now();
    const { link } = await sendLink();
    const [row] = await ctx.database.db.select().from(callLinks).where(eq(callLinks.id, link.id));
    expect(row!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(30 * 60_000 - 1_000);
    expect(row!.expiresAt.getTime() - before).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    for (const minutes of [4, 61, 'quince']) {
      const refused = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/operator/company',
        headers: bearer(admin.token),
        payload: { call_link_minutes: minutes },
      });
      expect(refused.statusCode).toBe(400);
    }
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/operator/company',
      headers: bearer(admin.token),
      payload: { call_link_minutes: CALL_LINK.defaultMinutes },
    });
  });

  it('limits the links one phone receives in an hour', async () => {
    const phone = nextPhone();
    for (let index = 0; index < ctx.config.callLinks.perPhoneMax; index += 1) await sendLink(phone);
    const refused = await send(ctx, admin.token, { phone, channel: 'whatsapp' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'phone_busy', message: callLinkTexts.tooManyToPhone });
  });

  it('limits the links one operator sends in ten minutes, whatever the phones', async () => {
    const sent = await ctx.database.db.select().from(callLinks).where(eq(callLinks.operatorId, admin.userId));
    for (let index = sent.length; index < 8; index += 1) await sendLink();
    const refused = await send(ctx, admin.token, { phone: nextPhone(), channel: 'sms' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'too_many_links',
      message: callLinkTexts.tooManyByOperator,
    });
  });
});

describe('call links on a production server without Twilio Messaging', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { NODE_ENV: 'production' } });
    // Without a second factor to prove here: the company does not ask its staff for one.
    await openDemoCompany(ctx, { staffTwoStep: false });
  });
  afterAll(() => ctx.close());

  it('says so in Spanish instead of keeping a link nobody receives', async () => {
    const { token } = await demoOperatorSession(ctx);
    const response = await send(ctx, token, { phone: '+56911115555', channel: 'sms' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'sms_unavailable', message: callLinkTexts.messagingOff });
    expect(await ctx.database.db.select().from(callLinks)).toEqual([]);
  });
});

/**
 * Twilio's Messaging API stood in locally: it checks the account's credentials, keeps every message
 * and answers with a MessageSid, or refuses the numbers ending in 0000.
 */
function startTwilioMessagingStandIn() {
  const messages: { path: string; form: URLSearchParams }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      response.setHeader('content-type', 'application/json');
      if (request.headers.authorization !== `Basic ${Buffer.from('AC123:secreto').toString('base64')}`) {
        response.statusCode = 401;
        return response.end(JSON.stringify({ message: 'Authenticate' }));
      }
      if (request.url !== '/2010-04-01/Accounts/AC123/Messages.json') {
        response.statusCode = 404;
        return response.end('{}');
      }
      if ((form.get('To') ?? '').endsWith('0000')) {
        response.statusCode = 400;
        return response.end(JSON.stringify({ code: 21211, message: "The 'To' number is not valid." }));
      }
      messages.push({ path: request.url, form });
      response.statusCode = 201;
      response.end(
        JSON.stringify({ sid: `SM${messages.length.toString().padStart(32, '0')}`, status: 'queued' }),
      );
    });
  });
  return { server, messages };
}

describe('call links through Twilio Messaging (stand-in)', () => {
  const twilio = startTwilioMessagingStandIn();
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => twilio.server.listen(0, '127.0.0.1', resolve));
    const port = (twilio.server.address() as AddressInfo).port;
    ctx = await createTestApp({
      env: {
        TWILIO_ACCOUNT_SID: 'AC123',
        TWILIO_AUTH_TOKEN: 'secreto',
        TWILIO_VERIFY_SERVICE_SID: 'VA999',
        TWILIO_MESSAGING_SERVICE_SID: 'MG777',
        TWILIO_WHATSAPP_FROM: '+56222222222',
        TWILIO_API_BASE_URL: `http://127.0.0.1:${port}`,
      },
    });
    await openDemoCompany(ctx);
    token = (await demoOperatorSession(ctx)).token;
  });
  afterAll(async () => {
    await ctx.close();
    twilio.server.close();
  });

  const statusUrl = 'http://localhost:3000/api/webhooks/twilio/message-status';
  const report = (
    params: Record<string, string>,
    signature = twilioSignature('secreto', statusUrl, params),
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/message-status',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });

  it('sends the SMS through the Messaging Service with a delivery callback, and WhatsApp from its sender', async () => {
    const sms = await send(ctx, token, { phone: '+56911112222', channel: 'sms' });
    expect(sms.statusCode).toBe(200);
    const [first] = twilio.messages;
    expect(Object.fromEntries(first!.form)).toMatchObject({
      To: '+56911112222',
      MessagingServiceSid: 'MG777',
      StatusCallback: statusUrl,
    });
    expect(first!.form.get('Body')).toContain('/?privatevideo=');

    const whatsapp = await send(ctx, token, { phone: '+56911113333', channel: 'whatsapp' });
    expect(whatsapp.statusCode).toBe(200);
    expect(Object.fromEntries(twilio.messages[1]!.form)).toMatchObject({
      To: 'whatsapp:+56911113333',
      From: 'whatsapp:+56222222222',
    });
  });

  it('marks the link delivered on a signed report, and ignores an unsigned one', async () => {
    const sent = await send(ctx, token, { phone: '+56911114444', channel: 'sms' });
    const linkId = sent.json().link.id as number;
    const [row] = await ctx.database.db.select().from(callLinks).where(eq(callLinks.id, linkId));
    const params = { MessageSid: row!.providerId!, MessageStatus: 'delivered', AccountSid: 'AC123' };

    expect((await report(params, 'firma-falsa')).statusCode).toBe(403);
    expect((await report({ ...params, MessageStatus: 'sent' })).statusCode).toBe(204);
    const listed = async () =>
      (
        (await getAs(ctx, token, '/api/v1/operator/call-links')).json().links as {
          id: number;
          state: string;
        }[]
      ).find((link) => link.id === linkId)?.state;
    expect(await listed()).toBe('sent');
    expect((await report(params)).statusCode).toBe(204);
    expect(await listed()).toBe('delivered');
  });

  it('answers 502 in Spanish when Twilio refuses the message, and leaves no room waiting', async () => {
    const refused = await send(ctx, token, { phone: '+56911110000', channel: 'sms' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ error: 'message_failed', message: callLinkTexts.providerFailed });
    const waiting = await ctx.database.db
      .select()
      .from(videoCalls)
      .where(and(eq(videoCalls.isPrivate, true), eq(videoCalls.status, 'waiting')));
    const links = await ctx.database.db.select().from(callLinks);
    const refusedLink = links.find((link) => link.phone === '+56911110000');
    expect(waiting.map((call) => call.id)).not.toContain(refusedLink?.callId);
  });
});
