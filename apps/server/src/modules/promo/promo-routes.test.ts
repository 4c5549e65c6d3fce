import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRAW } from '@seguridad/contracts/constants';
import { accountTexts, promoTexts } from '@seguridad/contracts/messages';
import { networkInvitations, promoEntries, users } from '../../db/schema';
import { hashPassword } from '../../lib/password';
import {
  getAs,
  latestCodeTo,
  login,
  postAs,
  STRONG_PASSWORD,
  verifyEmailThroughLink,
} from '../../testing/accounts';
import { LOOSE_LIMITS, uniqueEmail } from '../../testing/networks';
import { useTestApp, type TestContext } from '../../testing/test-app';
import { firstEntries } from './promo-queries';
import { eligibleAmong } from './promo-service';

let phoneSequence = 10_000_000 + (Date.now() % 1_000_000);
function nextPhone(): string {
  phoneSequence += 1;
  return String(phoneSequence).slice(-8);
}

function promoSignup(ctx: TestContext, email: string, phone: string, extra: Record<string, unknown> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: {
      name: 'Pía',
      lastname: 'Soto',
      email,
      phone,
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
      ...extra,
    },
  });
}

function sendPhoneCode(ctx: TestContext, token: string) {
  return postAs(ctx, token, '/api/v1/promo/phone/sendCode', { type: 1 });
}

function verifyPhone(ctx: TestContext, token: string, code: unknown) {
  return postAs(ctx, token, '/api/v1/promo/phone/verify', { code });
}

/** Enters the code the promo phone received, as the page's code step does. */
async function proveCodeOf(ctx: TestContext, token: string, phoneDigits: string) {
  expect((await sendPhoneCode(ctx, token)).statusCode).toBe(200);
  const verified = await verifyPhone(ctx, token, await latestCodeTo(ctx, `+569${phoneDigits}`));
  expect(verified.statusCode, verified.body).toBe(200);
}

/**
 * A promo registrant signed in. By default they also opened the mailed link and entered the
 * phone's code, so the entry counts (decision 039); `proven: false` leaves both unproven.
 */
async function promoSession(
  ctx: TestContext,
  email = uniqueEmail('promo'),
  { proven = true }: { proven?: boolean } = {},
): Promise<string> {
  const phone = nextPhone();
  const created = await promoSignup(ctx, email, phone);
  expect(created.statusCode, created.body).toBe(200);
  const token = (await login(ctx, email)).json().access_token as string;
  if (proven) {
    await verifyEmailThroughLink(ctx, email);
    await proveCodeOf(ctx, token, phone);
  }
  return token;
}

function promoInvite(ctx: TestContext, token: string, guestEmail: unknown) {
  return postAs(ctx, token, '/api/v1/promo/invite', { guest_email: guestEmail });
}

async function status(ctx: TestContext, token: string) {
  const response = await getAs(ctx, token, '/api/v1/promo/status');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    registered: boolean;
    invitations: number;
    eligible: boolean;
    places_left: number;
    phone_to_verify: string | null;
    phone_verified: boolean;
    email_verified: boolean;
  };
}

describe('promo registration and invitations', () => {
  const ctx = useTestApp({ env: LOOSE_LIMITS });

  it('enters the draw at promo sign-up, with the phone in E.164 and the mailbox folded', async () => {
    const email = `Ana.Maria+promo-${Date.now()}@GoogleMail.com`;
    const phone = nextPhone();
    expect((await promoSignup(ctx, email, phone)).statusCode).toBe(200);
    const [entry] = await ctx.database.db
      .select()
      .from(promoEntries)
      .innerJoin(users, eq(users.id, promoEntries.userId))
      .where(eq(users.email, email));
    expect(entry?.promo_entries.phone).toBe(`+569${phone}`);
    expect(entry?.promo_entries.email).toBe('anamaria@gmail.com');
  });

  it('refuses a second entry per mailbox and per phone, listing every reason, and creates no account', async () => {
    const email = uniqueEmail('dup');
    const phone = nextPhone();
    expect((await promoSignup(ctx, email, phone)).statusCode).toBe(200);

    const samePhone = await promoSignup(ctx, uniqueEmail('other'), phone);
    expect(samePhone.statusCode).toBe(422);
    expect(samePhone.json().data).toEqual([promoTexts.phoneAlreadyEntered]);

    const both = await promoSignup(ctx, email.toUpperCase(), phone);
    expect(both.statusCode).toBe(422);
    expect(both.json().data).toEqual([accountTexts.emailTaken, promoTexts.phoneAlreadyEntered]);

    const gmail = `pepe.perez+${Date.now()}@gmail.com`;
    expect((await promoSignup(ctx, gmail, nextPhone())).statusCode).toBe(200);
    const variant = await promoSignup(ctx, gmail.replace('pepe.perez', 'pepeperez'), nextPhone());
    expect(variant.statusCode).toBe(422);
    expect(variant.json().data).toEqual([promoTexts.emailAlreadyEntered]);
    const orphan = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, gmail.replace('pepe.perez', 'pepeperez')));
    expect(orphan).toHaveLength(0);
  });

  it('validates the promo phone: digits only, exactly eight', async () => {
    for (const phone of ['1234abcd', '1234567', '123456789', '']) {
      const response = await promoSignup(ctx, uniqueEmail('phone'), phone);
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().data).toContain('Ingrese sólo números');
    }
  });

  it('counts three invitations sent in parallel, and the registrant becomes eligible', async () => {
    const token = await promoSession(ctx);
    expect(await status(ctx, token)).toMatchObject({ registered: true, invitations: 0, eligible: false });
    const guests = [uniqueEmail('g1'), uniqueEmail('g2'), uniqueEmail('g3')];
    const answers = await Promise.all(guests.map((guest) => promoInvite(ctx, token, guest)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await status(ctx, token)).toMatchObject({ invitations: 3, eligible: true });
  });

  it('refuses one’s own address and Gmail variants of an invited one, and never counts them', async () => {
    const own = `yo.mismo+${Date.now()}@gmail.com`;
    const token = await promoSession(ctx, own);
    const self = await promoInvite(ctx, token, own.replace('yo.mismo', 'YoMismo').replace(/\+\d+/, ''));
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(promoTexts.ownAddress);

    const friend = `amiga.uno.${Date.now()}@gmail.com`;
    expect((await promoInvite(ctx, token, friend)).statusCode).toBe(200);
    const variant = await promoInvite(
      ctx,
      token,
      friend.replace(/\./g, '').replace('@gmailcom', '+x@googlemail.com'),
    );
    expect(variant.statusCode).toBe(409);
    expect(variant.json().message).toBe(promoTexts.sameMailbox);
    expect((await status(ctx, token)).invitations).toBe(1);

    // Variants that slip in another way (the settings page, two requests racing) count once.
    const [owner] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, own));
    await ctx.database.db.insert(networkInvitations).values({
      ownerId: owner!.id,
      guestEmail: friend.replace('amiga.uno', 'amigauno'),
      codeHash: `test-${Date.now()}`,
      companyId: 1,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect((await status(ctx, token)).invitations).toBe(1);
  });

  it('folds +tags on every domain: one’s own tagged addresses are refused and never counted', async () => {
    const own = `yo+1-${Date.now()}@example.org`;
    const token = await promoSession(ctx, own);
    for (const tag of ['2', '3', '4']) {
      const self = await promoInvite(ctx, token, own.replace('yo+1', `yo+${tag}`));
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe(promoTexts.ownAddress);
    }
    expect((await status(ctx, token)).invitations).toBe(0);
    // A second entry of the same mailbox, written with another tag, is refused.
    const again = await promoSignup(ctx, own.replace('yo+1', 'yo+9'), nextPhone());
    expect(again.statusCode).toBe(422);
    expect(again.json().data).toContain(promoTexts.emailAlreadyEntered);
  });

  it('answers a signed-in account that did not enter the draw, and refuses its invitations', async () => {
    const email = uniqueEmail('plain');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'A',
        lastname: 'B',
        email,
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      },
    });
    const token = (await login(ctx, email)).json().access_token as string;
    expect(await status(ctx, token)).toMatchObject({ registered: false, invitations: 0, eligible: false });
    const refused = await promoInvite(ctx, token, uniqueEmail('x'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(promoTexts.notEntered);
  });

  it('needs a session and a well-formed address', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/promo/status' });
    expect(anonymous.statusCode).toBe(401);
    const token = await promoSession(ctx);
    for (const bad of ['no-es-correo', 42, null, 'a'.repeat(300) + '@x.cl']) {
      const response = await promoInvite(ctx, token, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('shows the places left publicly, taken only by entries with a proven phone and e-mail', async () => {
    const placesLeft = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/promo/draw' });
      expect(response.statusCode).toBe(200);
      expect(response.json().draw).toBeNull();
      return response.json().places_left as number;
    };
    const before = await placesLeft();
    const counted = await ctx.database.db
      .select()
      .from(promoEntries)
      .innerJoin(users, eq(users.id, promoEntries.userId))
      .where(and(isNotNull(promoEntries.phoneVerifiedAt), isNotNull(users.emailVerifiedAt)));
    expect(before).toBe(DRAW.eligibleRegistrants - counted.length);
    await promoSession(ctx, uniqueEmail('sin-probar'), { proven: false });
    expect(await placesLeft()).toBe(before);
    await promoSession(ctx);
    expect(await placesLeft()).toBe(before - 1);
  });

  it('counts an entry only once its phone’s code and its mailed link came back', async () => {
    const email = uniqueEmail('pendiente');
    const phone = nextPhone();
    expect((await promoSignup(ctx, email, phone)).statusCode).toBe(200);
    const token = (await login(ctx, email)).json().access_token as string;
    for (const guest of ['p1', 'p2', 'p3']) {
      expect((await promoInvite(ctx, token, uniqueEmail(guest))).statusCode).toBe(200);
    }
    expect(await status(ctx, token)).toMatchObject({
      registered: true,
      invitations: 3,
      eligible: false,
      phone_to_verify: `+569 **** *${phone.slice(-3)}`,
      phone_verified: false,
      email_verified: false,
    });

    // A wrong code, a malformed one, and a code before any was sent are refused.
    expect((await verifyPhone(ctx, token, '000000')).statusCode).toBe(422);
    expect((await sendPhoneCode(ctx, token)).statusCode).toBe(200);
    const code = await latestCodeTo(ctx, `+569${phone}`);
    const wrong = code === '111111' ? '222222' : '111111';
    const refused = await verifyPhone(ctx, token, wrong);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(accountTexts.codeInvalid);
    for (const bad of ['12ab56', '123', 123456, null]) {
      expect((await verifyPhone(ctx, token, bad)).statusCode).toBe(400);
    }
    expect((await verifyPhone(ctx, token, code)).statusCode).toBe(200);
    expect(await status(ctx, token)).toMatchObject({
      phone_to_verify: null,
      phone_verified: true,
      email_verified: false,
      eligible: false,
    });
    // Proven once: neither a new code nor the used one is taken again.
    expect((await sendPhoneCode(ctx, token)).statusCode).toBe(409);
    expect((await verifyPhone(ctx, token, code)).statusCode).toBe(409);

    await verifyEmailThroughLink(ctx, email);
    expect(await status(ctx, token)).toMatchObject({ email_verified: true, eligible: true });
  });

  it('holds the phone codes to the two-step budget, and asks for an entry and a session', async () => {
    const token = await promoSession(ctx, uniqueEmail('cupo'), { proven: false });
    for (let sent = 0; sent < 3; sent += 1) expect((await sendPhoneCode(ctx, token)).statusCode).toBe(200);
    const limited = await sendPhoneCode(ctx, token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(accountTexts.codeSendLimit);

    const plain = uniqueEmail('sin-sorteo');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'A',
        lastname: 'B',
        email: plain,
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      },
    });
    const plainToken = (await login(ctx, plain)).json().access_token as string;
    const notEntered = await sendPhoneCode(ctx, plainToken);
    expect(notEntered.statusCode).toBe(409);
    expect(notEntered.json().message).toBe(promoTexts.notEntered);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/promo/phone/sendCode',
      payload: { type: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('eligibility among the first 1000 entries', () => {
  const ctx = useTestApp({ env: LOOSE_LIMITS });

  it('takes only the first 1000 entries in line, and of them only those with 3 distinct invitations', async () => {
    const db = ctx.database.db;
    const total = DRAW.eligibleRegistrants + 1;
    const created = await db
      .insert(users)
      .values(
        Array.from({ length: total }, (_, index) => ({
          name: `P${index}`,
          lastname: 'Prueba',
          email: `linea-${index}@example.com`,
          passwordHash: 'x',
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email });
    await db.insert(promoEntries).values(
      created.map((user, index) => ({
        userId: user.id,
        email: user.email,
        phone: `+569${String(20_000_000 + index)}`,
        phoneVerifiedAt: new Date(),
      })),
    );
    const invite = (ownerId: number, guests: string[]) =>
      db.insert(networkInvitations).values(
        guests.map((guestEmail, index) => ({
          ownerId,
          guestEmail,
          codeHash: `line-${ownerId}-${index}`,
          companyId: 1,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      );
    const first = created[0]!;
    const thousandth = created[DRAW.eligibleRegistrants - 1]!;
    const late = created[DRAW.eligibleRegistrants]!;
    const variants = created[1]!;
    await invite(first.id, ['a@example.com', 'b@example.com', 'c@example.com']);
    await invite(thousandth.id, ['a@example.com', 'b@example.com', 'c@example.com']);
    await invite(late.id, ['a@example.com', 'b@example.com', 'c@example.com']);
    await invite(variants.id, ['x.y@gmail.com', 'xy+1@gmail.com', 'linea-1@example.com', 'z@example.com']);
    // Stored before +tags were folded on every domain: its own variants, and a second entry of one mailbox.
    const selfInvited = created[2]!;
    await invite(selfInvited.id, ['linea-2+1@example.com', 'linea-2+2@example.com', 'linea-2+3@example.com']);
    const secondOfMailbox = created[3]!;
    await db.update(users).set({ email: 'linea-0+otra@example.com' }).where(eq(users.id, secondOfMailbox.id));
    await db
      .update(promoEntries)
      .set({ email: 'linea-0+otra@example.com' })
      .where(eq(promoEntries.userId, secondOfMailbox.id));
    await invite(secondOfMailbox.id, ['d@example.com', 'e@example.com', 'f@example.com']);

    const eligible = eligibleAmong(await firstEntries(db, DRAW.eligibleRegistrants)).map(
      (entry) => entry.userId,
    );
    expect(eligible).toEqual([first.id, thousandth.id]);

    await db
      .update(users)
      .set({ passwordHash: await hashPassword(STRONG_PASSWORD) })
      .where(eq(users.id, late.id));
    const lateToken = (await login(ctx, late.email)).json().access_token as string;
    expect(await status(ctx, lateToken)).toMatchObject({ registered: true, invitations: 3, eligible: false });
    const draw = await ctx.app.inject({ method: 'GET', url: '/api/promo/draw' });
    expect(draw.json().places_left).toBe(0);
  });
});
