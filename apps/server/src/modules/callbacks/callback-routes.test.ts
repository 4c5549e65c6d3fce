import { describe, expect, it } from 'vitest';
import { callbackTexts, errorMessages, widgetTexts } from '@seguridad/contracts/messages';
import type { InboxCallback } from '@seguridad/contracts/http/callbacks';
import { bearer, getAs } from '../../testing/accounts';
import {
  demoKey,
  nextCallerAddress,
  nextEvent,
  openDemoCompany,
  pause,
  record,
  useDemoCallCentre,
} from '../../testing/calls';
import type { TestContext } from '../../testing/test-app';

function requestCallback(
  ctx: TestContext,
  payload: unknown,
  headers: Record<string, string> = demoKey,
  remoteAddress = nextCallerAddress(),
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/callbacks',
    headers,
    payload: payload as object,
    remoteAddress,
  });
}

async function inboxCallbacks(ctx: TestContext, token: string): Promise<InboxCallback[]> {
  const response = await getAs(ctx, token, '/api/v1/operator/inbox');
  expect(response.statusCode).toBe(200);
  return response.json().callbacks as InboxCallback[];
}

function markDone(ctx: TestContext, token: string, id: number, payload?: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/operator/callbacks/${id}/handled`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

describe('callback requests', () => {
  const { server, ctx, admin, other } = useDemoCallCentre({
    otherSlug: 'oriente',
    env: { CALLBACKS_MAX: '3' },
    demoChanges: { callBackEnabled: true },
  });

  it('stores a request, tells the company’s operators live, and only them', async () => {
    const ours = await server.connectConsole(admin.token);
    const theirs = await server.connectConsole(other.operator);
    const toOthers = record(theirs, 'inbox:new');
    const arrived = nextEvent<{ kind: string; id: number }>(ours, 'inbox:new');

    const response = await requestCallback(ctx, { phone_number: '+569 1234 5678', preferred_time: 'asap' });
    expect(response.statusCode).toBe(200);
    const { id } = response.json().data as { id: number };
    expect(await arrived).toEqual({ kind: 'callback', id });

    const listed = await inboxCallbacks(ctx, admin.token);
    expect(listed.find((item) => item.id === id)).toMatchObject({
      phone: '+56912345678',
      preferred_time: 'asap',
      handled_at: null,
      note: '',
    });
    // Another company's operators neither hear of it nor list it.
    await pause(100);
    expect(toOthers).toEqual([]);
    expect((await inboxCallbacks(ctx, other.operator)).map((item) => item.id)).not.toContain(id);
  });

  it('refuses bad phones and times with the contact form’s Spanish messages', async () => {
    for (const phone of ['', '+569', '+5691234567', '+56812345678', '1234567', '+569123456789']) {
      const response = await requestCallback(ctx, { phone_number: phone, preferred_time: 'asap' });
      expect(response.statusCode).toBe(400);
      expect(response.json().data).toContain(widgetTexts.contactPhoneInvalid);
    }
    for (const time of ['luego', '25:00', '10:30', '<b>', '']) {
      const response = await requestCallback(ctx, { phone_number: '+56912345678', preferred_time: time });
      expect(response.statusCode).toBe(400);
      expect(response.json().data).toContain(callbackTexts.slotInvalid);
    }
    const missing = await requestCallback(ctx, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(errorMessages.badRequest);
  });

  it('takes a slot the server offers today, and refuses one already past or out of hours', async () => {
    const slots = await ctx.app.inject({ method: 'GET', url: '/api/callbacks/slots', headers: demoKey });
    expect(slots.statusCode).toBe(200);
    const offered = slots.json().data.slots as string[];
    const currentHour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Santiago',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    const past = `${currentHour}:00`;
    expect(offered).not.toContain(past);
    const refused = await requestCallback(ctx, { phone_number: '+56912345678', preferred_time: past });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual([callbackTexts.slotInvalid]);
    if (offered.length > 0) {
      const taken = await requestCallback(ctx, {
        phone_number: '+56912340001',
        preferred_time: offered.at(-1),
      });
      expect(taken.statusCode).toBe(200);
    }
  });

  it('answers 503 while the service is off, and 401 without a company key', async () => {
    await openDemoCompany(ctx, { callBackEnabled: false });
    try {
      const off = await requestCallback(ctx, { phone_number: '+56912345678', preferred_time: 'asap' });
      expect(off.statusCode).toBe(503);
      expect(off.json()).toMatchObject({ error: 'callback_off', message: callbackTexts.off });
      const slots = await ctx.app.inject({ method: 'GET', url: '/api/callbacks/slots', headers: demoKey });
      expect(slots.json().data.slots).toEqual([]);
    } finally {
      await openDemoCompany(ctx, { callBackEnabled: true });
    }
    expect(
      (await requestCallback(ctx, { phone_number: '+56912345678', preferred_time: 'asap' }, {})).statusCode,
    ).toBe(401);
  });

  it('marks a request done with a note, announces it, and keeps it in the history', async () => {
    const { id } = (
      await requestCallback(ctx, { phone_number: '+56987654321', preferred_time: 'asap' })
    ).json().data as { id: number };
    const consoleSocket = await server.connectConsole(admin.token);
    const handled = nextEvent<{ kind: string; id: number }>(consoleSocket, 'inbox:handled');

    const done = await markDone(ctx, admin.token, id, { note: '  Llamé; pidió <b>patrullaje</b>.  ' });
    expect(done.statusCode).toBe(200);
    expect(await handled).toEqual({ kind: 'callback', id });
    const item = (await inboxCallbacks(ctx, admin.token)).find((entry) => entry.id === id)!;
    expect(item.handled_at).not.toBeNull();
    // Stored as typed (trimmed): the console renders it as text.
    expect(item.note).toBe('Llamé; pidió <b>patrullaje</b>.');

    // Marking again without a note keeps the first time and the note.
    expect((await markDone(ctx, admin.token, id)).statusCode).toBe(200);
    const again = (await inboxCallbacks(ctx, admin.token)).find((entry) => entry.id === id)!;
    expect(again).toEqual(item);

    const tooLong = await markDone(ctx, admin.token, id, { note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().data).toContain(callbackTexts.noteTooLong);
  });

  it("lets no one mark another company's request, nor anyone without a session", async () => {
    const { id } = (
      await requestCallback(ctx, { phone_number: '+56911112222', preferred_time: 'asap' })
    ).json().data as { id: number };
    expect((await markDone(ctx, other.operator, id)).statusCode).toBe(404);
    expect((await markDone(ctx, other.operator, 999_999)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/callbacks/${id}/handled`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await inboxCallbacks(ctx, admin.token)).find((entry) => entry.id === id)?.handled_at).toBeNull();
  });

  it('limits how many requests one address leaves', async () => {
    const address = '10.97.0.1';
    for (let index = 0; index < 3; index += 1) {
      const response = await requestCallback(
        ctx,
        { phone_number: `+5691234100${index}`, preferred_time: 'asap' },
        demoKey,
        address,
      );
      expect(response.statusCode).toBe(200);
    }
    const limited = await requestCallback(
      ctx,
      { phone_number: '+56912341009', preferred_time: 'asap' },
      demoKey,
      address,
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(errorMessages.tooManyRequests);
  });

  it('limits how many requests one phone gets queued, from however many addresses', async () => {
    const victim = { phone_number: '+56955550000', preferred_time: 'asap' };
    for (let index = 0; index < 2; index += 1) {
      expect((await requestCallback(ctx, victim)).statusCode).toBe(200);
    }
    const third = await requestCallback(ctx, victim);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(callbackTexts.phoneBusy);
    expect((await requestCallback(ctx, { ...victim, phone_number: '+56955550001' })).statusCode).toBe(200);
  });
});
