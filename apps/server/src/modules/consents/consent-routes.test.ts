import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consentTexts } from '@seguridad/contracts/http/consents';
import { consentMessages } from '@seguridad/contracts/messages/consents';
import { callTexts } from '@seguridad/contracts/messages';
import {
  callRatings,
  callRecordings,
  consentRecords,
  promoEntries,
  userSettings,
  users,
  videoCalls,
} from '../../db/schema';
import { getAs, newSession, postAs } from '../../testing/accounts';
import {
  demoCompanyId,
  demoKey,
  demoOperatorSession,
  insertCall,
  nextCallerAddress,
  otherCompany,
  type TestCall,
} from '../../testing/calls';
import { useTestApp } from '../../testing/test-app';
import { accountDataOf } from '../data-rights/account-data-queries';
import { textHashOf } from './consent-queries';

type Shown = {
  id: number;
  purpose: string;
  version: string;
  text: string;
  channel: string;
  call_id: number | null;
  withdrawn_at: string | null;
  withdrawable: boolean;
};

/** Consent records (decision 049): granted, listed, withdrawn, and only ever the account's own. */
describe('consent records', () => {
  const ctx = useTestApp();
  let citizen: string;
  let citizenId: number;
  let other: string;
  let operatorId: number;

  const setSharing = (token: string, network: boolean, operators: boolean) =>
    postAs(ctx, token, '/api/v1/user/updateCameraSharing', {
      share_with_network: network,
      share_with_operators: operators,
    });
  const mine = async (token: string): Promise<Shown[]> => {
    const response = await getAs(ctx, token, '/api/v1/user/consents');
    expect(response.statusCode).toBe(200);
    return response.json().consents as Shown[];
  };
  const withdraw = (token: string, id: number | string) =>
    postAs(ctx, token, `/api/v1/user/consents/${id}/withdraw`);
  const noticeShown = (call: TestCall, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${call.call.id}/recording-notice`,
      headers: { ...demoKey, 'call-token': call.token, ...headers },
      payload: payload as Record<string, unknown>,
      remoteAddress: nextCallerAddress(),
    });
  async function recordingOf(call: TestCall) {
    const [recording] = await ctx.database.db
      .insert(callRecordings)
      .values({
        callId: call.call.id,
        companyId: call.call.companyId,
        operatorId,
        storageKey: `r/${call.call.id}.webm`,
      })
      .returning();
    return recording!;
  }
  const sharingOf = async (userId: number) =>
    (await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, userId)))[0];

  beforeAll(async () => {
    operatorId = (await demoOperatorSession(ctx)).userId;
    citizen = await newSession(ctx, 'consiente@example.com');
    other = await newSession(ctx, 'otra-consiente@example.com');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'consiente@example.com'));
    citizenId = user!.id;
  });

  it('records camera sharing as a grant when switched on and a withdrawal when off, once per change', async () => {
    expect(await mine(citizen)).toEqual([]);
    expect((await setSharing(citizen, true, false)).statusCode).toBe(200);
    expect((await setSharing(citizen, true, false)).statusCode).toBe(200);
    let consents = await mine(citizen);
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      purpose: 'camera_sharing_network',
      version: consentTexts.camera_sharing_network.version,
      text: consentTexts.camera_sharing_network.text,
      channel: 'web',
      withdrawn_at: null,
      withdrawable: true,
    });
    const [row] = await ctx.database.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.id, consents[0]!.id));
    expect(row!.textHash).toBe(textHashOf('camera_sharing_network'));

    expect((await setSharing(citizen, false, true)).statusCode).toBe(200);
    consents = await mine(citizen);
    expect(consents.map((consent) => [consent.purpose, consent.withdrawn_at !== null])).toEqual([
      ['camera_sharing_network', true],
      ['camera_sharing_operators', false],
    ]);
    // Switched on again: a new grant; the withdrawn one stays as the record.
    await setSharing(citizen, true, true);
    expect((await mine(citizen)).filter((consent) => consent.withdrawn_at === null)).toHaveLength(2);
  });

  it('«Retirar» withdraws and switches the sharing off; a second time, 409 in Spanish', async () => {
    await setSharing(citizen, true, true);
    const network = (await mine(citizen)).find(
      (consent) => consent.purpose === 'camera_sharing_network' && consent.withdrawn_at === null,
    )!;
    const answer = await withdraw(citizen, network.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ message: consentMessages.withdrawnNotice });
    expect(answer.json().consent.withdrawn_at).not.toBeNull();
    expect(await sharingOf(citizenId)).toMatchObject({
      shareCamerasWithNetwork: false,
      shareCamerasWithOperators: true,
    });
    const settings = await getAs(ctx, citizen, '/api/v1/user/settings');
    expect(settings.json().camera_sharing).toEqual({ share_with_network: false, share_with_operators: true });

    const again = await withdraw(citizen, network.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(consentMessages.alreadyWithdrawn);
  });

  it("another account's record is 404 for both seeing and withdrawing, and bad ids are refused", async () => {
    const target = (await mine(citizen)).find((consent) => consent.withdrawn_at === null)!;
    const stranger = await withdraw(other, target.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(consentMessages.notFound);
    expect(await mine(other)).toEqual([]);
    expect((await mine(citizen)).find((consent) => consent.id === target.id)!.withdrawn_at).toBeNull();

    expect((await withdraw(citizen, 'abc')).statusCode).toBe(400);
    expect((await withdraw(citizen, 0)).statusCode).toBe(400);
    expect((await withdraw(citizen, 99_999_999)).statusCode).toBe(404);
    // Past the integer column's range: a 400 from the contract, not the database's 500.
    expect((await withdraw(citizen, 2_147_483_648)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/user/consents' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/user/consents/${target.id}/withdraw` }))
        .statusCode,
    ).toBe(401);
  });

  it('records the recording notice against the call once, and a signed-in caller sees it but cannot withdraw it', async () => {
    const call = await insertCall(ctx, { status: 'active', operatorId });
    await ctx.database.db
      .update(videoCalls)
      .set({ userId: citizenId })
      .where(eq(videoCalls.id, call.call.id));
    const recording = await recordingOf(call);
    expect((await noticeShown(call, { recording_id: recording.id })).statusCode).toBe(200);
    expect((await noticeShown(call, { recording_id: recording.id })).statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.callId, call.call.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      purpose: 'recording_notice',
      userId: null,
      channel: 'widget',
      textVersion: consentTexts.recording_notice.version,
    });

    const notice = (await mine(citizen)).find((consent) => consent.purpose === 'recording_notice')!;
    expect(notice).toMatchObject({ call_id: call.call.id, withdrawable: false });
    const refused = await withdraw(citizen, notice.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(consentMessages.notWithdrawable);
    expect((await withdraw(other, notice.id)).statusCode).toBe(404);
  });

  it('refuses a notice for a recording of another call, a wrong token, a bad body or another company', async () => {
    const call = await insertCall(ctx, { status: 'active', operatorId });
    const elsewhere = await insertCall(ctx, { status: 'active', operatorId });
    const foreign = await recordingOf(elsewhere);
    const notRecording = await noticeShown(call, { recording_id: foreign.id });
    expect(notRecording.statusCode).toBe(409);
    expect(notRecording.json().message).toBe(consentMessages.recordingNotShown);
    const wrongToken = await noticeShown(
      call,
      { recording_id: foreign.id },
      { 'call-token': elsewhere.token },
    );
    expect(wrongToken.statusCode).toBe(404);
    expect(wrongToken.json().message).toBe(callTexts.callNotFound);
    expect((await noticeShown(call, { recording_id: 'uno' })).statusCode).toBe(400);
    expect((await noticeShown(call, {})).statusCode).toBe(400);
    const company = await otherCompany(ctx, 'consentimientos');
    const otherKey = await noticeShown(call, { recording_id: foreign.id }, company.key);
    expect([403, 404]).toContain(otherKey.statusCode);
    const rows = await ctx.database.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.callId, call.call.id));
    expect(rows).toEqual([]);
    expect(await demoCompanyId(ctx)).toBe(call.call.companyId);
  });

  it('a promo sign-up records the terms; withdrawing them takes the person out of the draw', async () => {
    const email = 'sorteo-consiente@example.com';
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'Rosa',
        lastname: 'Sorteo',
        email,
        phone: '71234567',
        password: 'una-clave-segura-2026',
        password_confirmation: 'una-clave-segura-2026',
      },
    });
    expect(signup.statusCode).toBe(200);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'una-clave-segura-2026' },
    });
    const token = login.json().access_token as string;
    const [terms] = await mine(token);
    expect(terms).toMatchObject({
      purpose: 'promo_terms',
      version: consentTexts.promo_terms.version,
      withdrawable: true,
    });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(
      await ctx.database.db.select().from(promoEntries).where(eq(promoEntries.userId, user!.id)),
    ).toHaveLength(1);

    expect((await withdraw(token, terms!.id)).statusCode).toBe(200);
    expect(
      await ctx.database.db.select().from(promoEntries).where(eq(promoEntries.userId, user!.id)),
    ).toEqual([]);
  });

  it("puts the consents and the ratings of the person's calls in the data export", async () => {
    const rated = await insertCall(ctx, {
      status: 'ended',
      operatorId,
      acceptedAt: new Date(),
      endedAt: new Date(),
    });
    await ctx.database.db
      .update(videoCalls)
      .set({ userId: citizenId })
      .where(eq(videoCalls.id, rated.call.id));
    await ctx.database.db
      .insert(callRatings)
      .values({ callId: rated.call.id, stars: 4, comment: 'Muy clara' });
    const strangers = await insertCall(ctx, {
      status: 'ended',
      operatorId,
      acceptedAt: new Date(),
      endedAt: new Date(),
    });
    await ctx.database.db
      .insert(callRatings)
      .values({ callId: strangers.call.id, stars: 1, comment: 'De otra persona' });

    const exported = (await accountDataOf(ctx.database.db, citizenId))!.data as {
      consentimientos: { que: string; version: string; retirado_el: Date | null; llamada: number | null }[];
      llamadas: { id: number; valoracion: { estrellas: number; comentario: string } | null }[];
    };
    const titles = exported.consentimientos.map((consent) => consent.que);
    expect(titles).toContain(consentTexts.camera_sharing_network.title);
    expect(titles).toContain(consentTexts.recording_notice.title);
    expect(exported.consentimientos.some((consent) => consent.retirado_el !== null)).toBe(true);
    expect(exported.llamadas.find((call) => call.id === rated.call.id)!.valoracion).toMatchObject({
      estrellas: 4,
      comentario: 'Muy clara',
    });
    expect(exported.llamadas.map((call) => call.id)).not.toContain(strangers.call.id);
    expect(JSON.stringify(exported)).not.toContain('De otra persona');
  });
});
