import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_RULES, type RetentionKind } from '@seguridad/contracts/http/retention';
import type { Database } from '../../db/client';
import {
  auditEvents,
  callAttachments,
  callbacks,
  callChatMessages,
  contactMessages,
  networkInvitations,
  orders,
  outboxMessages,
  promoDraws,
  promoEntries,
  securityEvents,
  users,
  videoMails,
  wheelSpins,
} from '../../db/schema';
import { bearer, getAs, newSession, sendAs } from '../../testing/accounts';
import { insertCall, newOperator, otherCompany } from '../../testing/calls';
import { useTestApp } from '../../testing/test-app';
import { SWEPT_KINDS, runRetention } from './retention-service';
import { insertVideoMail, storeFile } from '../../testing/widget';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAfter = (start: Date, days: number) => new Date(start.getTime() + days * DAY_MS);

/**
 * The retention job with the clock moved (decision 034): every kind goes the day after its period,
 * not the day before; held items stay until released; a company's own period is the one applied.
 */
describe('retention', () => {
  const ctx = useTestApp({ env: { DATA_DIR: `/tmp/retention-test-${process.pid}-${Date.now()}` } });
  let db: Database;
  let company: Awaited<ReturnType<typeof otherCompany>>;
  let userId: number;
  const start = new Date('2027-01-10T12:00:00Z');
  const run = (now: Date) => runRetention({ db, storage: ctx.app.storage, log: ctx.app.log }, now);

  beforeAll(async () => {
    db = ctx.database.db;
    company = await otherCompany(ctx, 'retencion');
    await newSession(ctx, 'retencion-ciudadana@example.com');
    const [user] = await db.select().from(users).where(eq(users.email, 'retencion-ciudadana@example.com'));
    userId = user!.id;
  });

  const videoMailAt = (createdAt: Date) => insertVideoMail(ctx, { companyId: company.id, createdAt });

  /** One row of `kind` created at `createdAt`; answers whether it is still there. */
  async function rowOf(
    kind: Exclude<RetentionKind, 'call_recordings'>,
    createdAt: Date,
  ): Promise<() => Promise<boolean>> {
    switch (kind) {
      case 'video_mails': {
        const mail = await videoMailAt(createdAt);
        return async () => (await db.select().from(videoMails).where(eq(videoMails.id, mail.id))).length > 0;
      }
      case 'call_chat': {
        const { call } = await insertCall(ctx, { companyId: company.id, status: 'ended' });
        const [row] = await db
          .insert(callChatMessages)
          .values({
            callId: call.id,
            clientId: `c${call.id}`,
            sender: 'caller',
            senderName: 'Rosa',
            message: 'hola',
            createdAt,
          })
          .returning();
        return async () =>
          (await db.select().from(callChatMessages).where(eq(callChatMessages.id, row!.id))).length > 0;
      }
      case 'call_attachments': {
        const { call } = await insertCall(ctx, { companyId: company.id, status: 'ended' });
        const storageKey = await storeFile(ctx, 'adjunto');
        const [row] = await db
          .insert(callAttachments)
          .values({
            callId: call.id,
            sender: 'caller',
            storageKey,
            name: 'foto.jpg',
            mime: 'image/jpeg',
            bytes: 7,
            createdAt,
          })
          .returning();
        return async () => {
          const present =
            (await db.select().from(callAttachments).where(eq(callAttachments.id, row!.id))).length > 0;
          expect(await ctx.app.storage.size(storageKey)).toBe(present ? 7 : undefined);
          return present;
        };
      }
      case 'contact_messages': {
        const [row] = await db
          .insert(contactMessages)
          .values({
            companyId: company.id,
            name: 'Rosa',
            email: 'r@example.com',
            phone: '+56911110001',
            message: 'x',
            createdAt,
          })
          .returning();
        return async () =>
          (await db.select().from(contactMessages).where(eq(contactMessages.id, row!.id))).length > 0;
      }
      case 'callbacks': {
        const [row] = await db
          .insert(callbacks)
          .values({ companyId: company.id, phone: '+56911110001', preferredTime: 'asap', createdAt })
          .returning();
        return async () => (await db.select().from(callbacks).where(eq(callbacks.id, row!.id))).length > 0;
      }
      case 'network_invitations': {
        const [row] = await db
          .insert(networkInvitations)
          .values({
            ownerId: userId,
            guestEmail: `invitada-${createdAt.getTime()}@example.com`,
            codeHash: `hash-${createdAt.getTime()}-${Math.random()}`,
            companyId: company.id,
            createdAt,
            expiresAt: daysAfter(createdAt, 7),
          })
          .returning();
        return async () =>
          (await db.select().from(networkInvitations).where(eq(networkInvitations.id, row!.id))).length > 0;
      }
      case 'promo': {
        const [entry] = await db
          .insert(promoEntries)
          .values({ userId, email: 'retencion@example.com', phone: '+56955550001', createdAt })
          .returning();
        await db.insert(promoDraws).values({
          id: 1,
          seed: 's',
          commitment: 'c',
          listHash: 'l',
          eligible: [],
          scheduledAt: createdAt,
          drawnAt: createdAt,
        });
        return async () =>
          (await db.select().from(promoEntries).where(eq(promoEntries.id, entry!.id))).length > 0;
      }
      case 'wheel_spins': {
        const [row] = await db
          .insert(wheelSpins)
          .values({ userId, optionId: 1, uid: 'new_spin', amount: 1, createdAt })
          .returning();
        return async () => (await db.select().from(wheelSpins).where(eq(wheelSpins.id, row!.id))).length > 0;
      }
      case 'security_log': {
        const [row] = await db
          .insert(securityEvents)
          .values({ userId, kind: 'sign_in', createdAt })
          .returning();
        return async () =>
          (await db.select().from(securityEvents).where(eq(securityEvents.id, row!.id))).length > 0;
      }
      case 'audit_trail': {
        const [row] = await db
          .insert(auditEvents)
          .values({
            companyId: company.id,
            actorLabel: 'x',
            action: 'test.action',
            subjectKind: 'test',
            subjectId: '1',
            createdAt,
          })
          .returning();
        return async () =>
          (await db.select().from(auditEvents).where(eq(auditEvents.id, row!.id))).length > 0;
      }
      case 'outbox_messages': {
        const [row] = await db
          .insert(outboxMessages)
          .values({ channel: 'email', recipient: 'r@example.com', text: 'hola', createdAt })
          .returning();
        return async () =>
          (await db.select().from(outboxMessages).where(eq(outboxMessages.id, row!.id))).length > 0;
      }
      case 'orders': {
        const [row] = await db
          .insert(orders)
          .values({
            userId,
            commerceOrder: `ret-${createdAt.getTime()}`,
            planId: 1,
            monthsPaid: 1,
            subject: 'Plan',
            amount: 1,
            email: 'r@example.com',
            status: 'paid',
            createdAt,
          })
          .returning();
        return async () => (await db.select().from(orders).where(eq(orders.id, row!.id))).length > 0;
      }
    }
  }

  for (const kind of SWEPT_KINDS) {
    it(`${kind}: kept the day before its ${RETENTION_RULES[kind].defaultDays} days end, gone the day after`, async () => {
      await db.delete(promoDraws);
      const present = await rowOf(kind, start);
      const days = RETENTION_RULES[kind].defaultDays;
      await run(daysAfter(start, days - 1));
      expect(await present()).toBe(true);
      await run(daysAfter(start, days + 1));
      expect(await present()).toBe(false);
    });
  }

  it('a held video mail is skipped until released, then deleted with its files; both steps are in the trail', async () => {
    const admin = await newOperator(ctx, 'retencion-admin@example.com', company.id, 'admin');
    const expired = await videoMailAt(start);
    const held = await videoMailAt(start);
    const hold = await sendAs(ctx, admin.token, 'PUT', `/api/v1/operator/holds/video_mail/${held.id}`, {
      reason: 'Denuncia en la fiscalía',
    });
    expect(hold.statusCode).toBe(200);
    const listed = await getAs(ctx, admin.token, '/api/v1/operator/holds');
    expect(listed.json().holds).toContainEqual(
      expect.objectContaining({ subject: 'video_mail', id: held.id, reason: 'Denuncia en la fiscalía' }),
    );

    const later = daysAfter(start, RETENTION_RULES.video_mails.defaultDays + 1);
    expect((await run(later)).video_mails).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(videoMails).where(eq(videoMails.id, expired.id))).toEqual([]);
    expect(await ctx.app.storage.size(expired.videoKey)).toBeUndefined();
    expect(await ctx.app.storage.size(expired.thumbnailKey)).toBeUndefined();
    expect(await db.select().from(videoMails).where(eq(videoMails.id, held.id))).toHaveLength(1);
    expect(await ctx.app.storage.size(held.videoKey)).toBe(5);

    const release = await sendAs(ctx, admin.token, 'DELETE', `/api/v1/operator/holds/video_mail/${held.id}`);
    expect(release.statusCode).toBe(200);
    await run(later);
    expect(await db.select().from(videoMails).where(eq(videoMails.id, held.id))).toEqual([]);
    expect(await ctx.app.storage.size(held.videoKey)).toBeUndefined();

    const trail = await db.select().from(auditEvents).where(eq(auditEvents.companyId, company.id));
    const actions = trail.map((event) => `${event.action} ${event.subjectKind}:${event.subjectId}`);
    expect(actions).toContain(`hold.place video_mail:${held.id}`);
    expect(actions).toContain(`hold.release video_mail:${held.id}`);
    expect(trail.some((event) => event.action === 'retention.run')).toBe(true);
  });

  it('a held call keeps its chat and attachments', async () => {
    const admin = await newOperator(ctx, 'retencion-admin2@example.com', company.id, 'admin');
    const { call } = await insertCall(ctx, { companyId: company.id, status: 'ended' });
    await db.insert(callChatMessages).values({
      callId: call.id,
      clientId: 'held',
      sender: 'caller',
      senderName: 'Rosa',
      message: 'x',
      createdAt: start,
    });
    const hold = await sendAs(ctx, admin.token, 'PUT', `/api/v1/operator/holds/call/${call.id}`, {
      reason: 'Investigación',
    });
    expect(hold.statusCode).toBe(200);
    await run(daysAfter(start, RETENTION_RULES.call_chat.defaultDays + 1));
    expect(await db.select().from(callChatMessages).where(eq(callChatMessages.callId, call.id))).toHaveLength(
      1,
    );
  });

  it('supervisors hold and release too; an operator is refused', async () => {
    const supervisor = await newOperator(ctx, 'retencion-supervisora@example.com', company.id, 'supervisor');
    const operator = await newOperator(ctx, 'retencion-operador@example.com', company.id, 'operator');
    const mail = await videoMailAt(start);
    const url = `/api/v1/operator/holds/video_mail/${mail.id}`;
    const payload = { reason: 'Reclamo ante la agencia' };
    const asOperator = [
      await ctx.app.inject({ method: 'PUT', url, headers: bearer(operator.token), payload }),
      await ctx.app.inject({ method: 'DELETE', url, headers: bearer(operator.token) }),
      await getAs(ctx, operator.token, '/api/v1/operator/holds'),
    ];
    expect(asOperator.map((response) => response.statusCode)).toEqual([403, 403, 403]);
    expect(
      (await ctx.app.inject({ method: 'PUT', url, headers: bearer(supervisor.token), payload })).statusCode,
    ).toBe(200);
    const listed = await getAs(ctx, supervisor.token, '/api/v1/operator/holds');
    expect(listed.json().holds).toContainEqual(
      expect.objectContaining({ subject: 'video_mail', id: mail.id }),
    );
    expect(
      (await ctx.app.inject({ method: 'DELETE', url, headers: bearer(supervisor.token) })).statusCode,
    ).toBe(200);
    // The retention table stays the administrators'.
    const table = await getAs(ctx, supervisor.token, '/api/v1/operator/retention');
    expect(table.statusCode).toBe(403);
  });

  it("applies the company's own period, within the bounds administrators are told", async () => {
    const admin = await newOperator(ctx, 'retencion-admin3@example.com', company.id, 'admin');
    const operator = await newOperator(ctx, 'retencion-operadora@example.com', company.id, 'operator');
    const put = (token: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/v1/operator/retention', headers: bearer(token), payload });

    expect((await put(operator.token, { kind: 'video_mails', days: 60 })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/operator/retention' })).statusCode).toBe(401);
    const tooShort = await put(admin.token, { kind: 'orders', days: 365 });
    expect(tooShort.statusCode).toBe(400);
    expect(JSON.stringify(tooShort.json())).toContain('El plazo debe estar entre 2190 y 3650 días.');
    expect((await put(admin.token, { kind: 'nada', days: 60 })).statusCode).toBe(400);
    expect((await put(admin.token, { kind: 'video_mails', days: 60 })).statusCode).toBe(200);

    const table = await getAs(ctx, admin.token, '/api/v1/operator/retention');
    expect(table.json().retention).toContainEqual(
      expect.objectContaining({ kind: 'video_mails', days: 60, default_days: 180, period: '60 días' }),
    );
    const mail = await videoMailAt(start);
    await run(daysAfter(start, 61));
    expect(await db.select().from(videoMails).where(eq(videoMails.id, mail.id))).toEqual([]);
  });
});
