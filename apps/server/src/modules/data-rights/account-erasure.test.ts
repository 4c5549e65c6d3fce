import { and, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsTexts } from '@seguridad/contracts/messages';
import {
  auditEvents,
  callbacks,
  contactMessages,
  networkInvitations,
  orders,
  promoEntries,
  userPhones,
  users,
  videoMails,
  wheelSpins,
} from '../../db/schema';
import { deleteAccount as deleteAccountOf, newSession } from '../../testing/accounts';
import { demoCompanyId, otherCompany } from '../../testing/calls';
import { orderStatus } from '../../testing/payments';
import { useTestApp } from '../../testing/test-app';
import { insertVideoMail } from '../../testing/widget';

/**
 * Account deletion keeps the privacy policy's promise for every kind of data (decision 034):
 * what the person sent goes, the purchase stays for tax law without the person in it.
 */
describe('account deletion erases what hangs from the account', () => {
  const ctx = useTestApp({ env: { DATA_DIR: `/tmp/erasure-test-${process.pid}-${Date.now()}` } });
  let companyId: number;
  beforeAll(async () => {
    companyId = await demoCompanyId(ctx);
  });

  const videoMailFrom = (email: string, phone: string) =>
    insertVideoMail(ctx, { companyId, name: 'Rosa Pérez', email, phone, message: 'Necesito ayuda' });

  const deleteAccount = (token: string) => deleteAccountOf(ctx, token);

  async function accountOf(email: string) {
    const token = await newSession(ctx, email);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    return { token, user: user! };
  }

  it('removes the video mails sent with its proven e-mail, in any case, with their files; others stay', async () => {
    const { token } = await accountOf('videomail-borrar@example.com');
    const mine = await videoMailFrom('VideoMail-Borrar@Example.com', '+56911110001');
    const theirs = await videoMailFrom('otra-persona@example.com', '+56911110002');

    expect((await deleteAccount(token)).statusCode).toBe(200);

    expect(await ctx.database.db.select().from(videoMails).where(eq(videoMails.id, mine.id))).toEqual([]);
    expect(await ctx.app.storage.size(mine.videoKey)).toBeUndefined();
    expect(await ctx.app.storage.size(mine.thumbnailKey)).toBeUndefined();
    expect(await ctx.database.db.select().from(videoMails).where(eq(videoMails.id, theirs.id))).toHaveLength(
      1,
    );
    expect(await ctx.app.storage.size(theirs.videoKey)).toBe(5);
  });

  it('removes contact messages sent with its e-mail', async () => {
    const { token } = await accountOf('contacto-borrar@example.com');
    const values = { companyId, name: 'Rosa', phone: '+56911110003', message: 'Hola' };
    const [mine] = await ctx.database.db
      .insert(contactMessages)
      .values({ ...values, email: 'contacto-borrar@example.com' })
      .returning();
    const [theirs] = await ctx.database.db
      .insert(contactMessages)
      .values({ ...values, email: 'alguien-mas@example.com' })
      .returning();

    await deleteAccount(token);

    expect(
      await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, mine!.id)),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, theirs!.id)),
    ).toHaveLength(1);
  });

  it('removes callbacks asked for a phone it confirmed by a code, not for a phone it only typed', async () => {
    const { token, user } = await accountOf('callback-borrar@example.com');
    await ctx.database.db.update(users).set({ phone: '+56922220003' }).where(eq(users.id, user.id));
    await ctx.database.db.insert(userPhones).values([
      { userId: user.id, phone: '+56922220001', confirmedAt: new Date() },
      { userId: user.id, phone: '+56922220004' },
    ]);
    const [mine, theirs, typedInProfile, neverConfirmed] = await ctx.database.db
      .insert(callbacks)
      .values(
        ['+56922220001', '+56922220002', '+56922220003', '+56922220004'].map((phone) => ({
          companyId,
          phone,
          preferredTime: 'asap',
        })),
      )
      .returning();

    await deleteAccount(token);

    const left = await ctx.database.db
      .select({ id: callbacks.id })
      .from(callbacks)
      .where(inArray(callbacks.id, [mine!.id, theirs!.id, typedInProfile!.id, neverConfirmed!.id]));
    expect(left.map((row) => row.id).sort()).toEqual(
      [theirs!.id, typedInProfile!.id, neverConfirmed!.id].sort(),
    );
  });

  it("a stranger who signs up with a victim's e-mail and phone erases none of what the victim sent", async () => {
    const victimEmail = 'victima-erasure@example.com';
    const victimMail = await videoMailFrom(victimEmail, '+56955550001');
    const [victimMessage] = await ctx.database.db
      .insert(contactMessages)
      .values({ companyId, name: 'Ana', email: victimEmail, phone: '+56955550001', message: 'Ayuda' })
      .returning();
    const [victimCallback] = await ctx.database.db
      .insert(callbacks)
      .values({ companyId, phone: '+56955550001', preferredTime: 'asap' })
      .returning();
    // The abuser registers the address (never opening the mailed link) and types the phone.
    const token = await newSession(ctx, victimEmail, { verified: false });
    const [abuser] = await ctx.database.db.select().from(users).where(eq(users.email, victimEmail));
    await ctx.database.db.update(users).set({ phone: '+56955550001' }).where(eq(users.id, abuser!.id));
    await ctx.database.db.insert(userPhones).values({ userId: abuser!.id, phone: '+56955550001' });

    expect((await deleteAccount(token)).statusCode).toBe(200);

    expect(
      await ctx.database.db.select().from(videoMails).where(eq(videoMails.id, victimMail.id)),
    ).toHaveLength(1);
    expect(await ctx.app.storage.size(victimMail.videoKey)).toBe(5);
    expect(
      await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.id, victimMessage!.id)),
    ).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(callbacks).where(eq(callbacks.id, victimCallback!.id)),
    ).toHaveLength(1);
  });

  it('keeps what is on legal hold, and tells each company how many items of each kind went', async () => {
    const email = 'erasure-trail@example.com';
    const other = await otherCompany(ctx, 'erasure-otra');
    const { token } = await accountOf(email);
    const held = await videoMailFrom(email, '+56966660001');
    await ctx.database.db
      .update(videoMails)
      .set({ holdReason: 'Denuncia en curso', heldAt: new Date() })
      .where(eq(videoMails.id, held.id));
    await videoMailFrom(email, '+56966660001');
    await ctx.database.db.insert(contactMessages).values([
      { companyId, name: 'Rosa', email, phone: '+56966660001', message: 'Uno' },
      { companyId: other.id, name: 'Rosa', email, phone: '+56966660001', message: 'Dos' },
    ]);
    const before = await ctx.database.db.select({ id: auditEvents.id }).from(auditEvents);
    const lastBefore = Math.max(0, ...before.map((row) => row.id));

    expect((await deleteAccount(token)).statusCode).toBe(200);

    expect(await ctx.database.db.select().from(videoMails).where(eq(videoMails.id, held.id))).toHaveLength(1);
    const entries = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.erasure'), gt(auditEvents.id, lastBefore)));
    const byCompany = new Map(entries.map((entry) => [entry.companyId, entry]));
    expect(byCompany.get(companyId)?.details).toEqual({
      removed: { video_mails: 1, contact_messages: 1, callbacks: 0 },
    });
    expect(byCompany.get(other.id)?.details).toEqual({
      removed: { video_mails: 0, contact_messages: 1, callbacks: 0 },
    });
    expect(entries).toHaveLength(2);
    // Nothing in the entry names the person.
    expect(JSON.stringify(entries)).not.toContain('erasure-trail');
    expect(JSON.stringify(entries)).not.toContain('66660001');
  });

  it('asks for the password again: without it, or with a wrong one, nothing is deleted', async () => {
    const { token, user } = await accountOf('erasure-clave@example.com');
    const mail = await videoMailFrom('erasure-clave@example.com', '+56977770001');

    const missing = await deleteAccountOf(ctx, token, null);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(settingsTexts.passwordRequired);
    const wrong = await deleteAccountOf(ctx, token, 'no-es-mi-clave');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(settingsTexts.passwordWrong);

    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(await ctx.database.db.select().from(videoMails).where(eq(videoMails.id, mail.id))).toHaveLength(1);
    expect((await deleteAccount(token)).statusCode).toBe(200);
  });

  it('removes its network (both ways), unanswered invitations to its e-mail, promo entry and wheel', async () => {
    const owner = await accountOf('red-duena@example.com');
    const { token, user } = await accountOf('red-borrar@example.com');
    const expiresAt = new Date(Date.now() + 86_400_000);
    await ctx.database.db.insert(networkInvitations).values([
      // Someone else invited this e-mail, nobody answered yet.
      { ownerId: owner.user.id, guestEmail: 'red-borrar@example.com', codeHash: 'h1', companyId, expiresAt },
      // This account's own network.
      { ownerId: user.id, guestEmail: 'invitado@example.com', codeHash: 'h2', companyId, expiresAt },
    ]);
    await ctx.database.db
      .insert(promoEntries)
      .values({ userId: user.id, email: 'redborrar@example.com', phone: '+56933330001' });
    await ctx.database.db
      .insert(wheelSpins)
      .values({ userId: user.id, optionId: 1, uid: 'new_spin', amount: 1 });

    await deleteAccount(token);

    expect(
      await ctx.database.db
        .select()
        .from(networkInvitations)
        .where(eq(networkInvitations.guestEmail, 'red-borrar@example.com')),
    ).toEqual([]);
    expect(
      await ctx.database.db.select().from(networkInvitations).where(eq(networkInvitations.ownerId, user.id)),
    ).toEqual([]);
    expect(await ctx.database.db.select().from(promoEntries).where(eq(promoEntries.userId, user.id))).toEqual(
      [],
    );
    expect(await ctx.database.db.select().from(wheelSpins).where(eq(wheelSpins.userId, user.id))).toEqual([]);
  });

  it('keeps a paid order for tax law with the person removed, and its payment page still answers', async () => {
    const { token, user } = await accountOf('orden-borrar@example.com');
    const [order] = await ctx.database.db
      .insert(orders)
      .values({
        userId: user.id,
        commerceOrder: 'borrar-0001',
        planId: 1,
        monthsPaid: 12,
        subject: 'Plan',
        amount: 1000,
        email: 'orden-borrar@example.com',
        status: 'paid',
        flowToken: 'token-de-orden-borrada-0001',
        paidAt: new Date(),
        receiptSentAt: new Date(),
        shipping: {
          name: 'Rosa',
          last_name: 'Pérez',
          phone: '+56944440001',
          address: 'Calle 1',
          region_id: 13,
          region: 'Metropolitana',
          comuna_id: 1,
          comuna: 'Santiago',
          zip_code: null,
        },
      })
      .returning();

    await deleteAccount(token);

    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({ userId: null, email: '', shipping: null, status: 'paid', amount: 1000 });
    const status = await orderStatus(ctx, 'token-de-orden-borrada-0001');
    expect(status.statusCode).toBe(200);
  });
});
