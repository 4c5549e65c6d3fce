import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SECURITY_NETWORK_MAX_PEOPLE } from '@seguridad/contracts/constants';
import { errorMessages, networkTexts } from '@seguridad/contracts/messages';
import { openDatabase } from '../../db/client';
import { networkInvitations, outboxMessages } from '../../db/schema';
import { newSession } from '../../testing/accounts';
import {
  LOOSE_LIMITS,
  getMyNetwork,
  invitationLinkTo,
  invite,
  inviterByCode,
  uniqueEmail,
} from '../../testing/networks';
import { createTestApp, openTestDatabase, useTempDir, useTestApp } from '../../testing/test-app';
import { migrateAndSeed, testEngine } from '../../testing/test-database';
import { INVITATIONS_PER_HOUR } from './network-service';

describe('the network holds at most 5 people', () => {
  const ctx = useTestApp({ env: LOOSE_LIMITS });

  it('refuses the sixth invitation with the spec limit', async () => {
    const owner = await newSession(ctx, uniqueEmail('seis'));
    for (let index = 0; index < SECURITY_NETWORK_MAX_PEOPLE; index += 1) {
      expect((await invite(ctx, owner, uniqueEmail(`lugar-${index}`))).statusCode).toBe(200);
    }
    const sixth = await invite(ctx, owner, uniqueEmail('sexta'));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 409, message: networkTexts.networkFull });
  });

  it('keeps the cap under 10 parallel invitations: exactly 5 pending, 5 refused, 5 e-mails', async () => {
    const owner = await newSession(ctx, uniqueEmail('paralelo'));
    const guests = Array.from({ length: 10 }, (_, index) => uniqueEmail(`paralela-${index}`));
    const responses = await Promise.all(guests.map((guest) => invite(ctx, owner, guest)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe(networkTexts.networkFull);
    }
    const network = (await getMyNetwork(ctx, owner)).json() as { my_network: { status: number }[] };
    expect(network.my_network.map((row) => row.status)).toEqual([1, 1, 1, 1, 1]);
    const mails = await Promise.all(
      guests.map((guest) =>
        ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, guest)),
      ),
    );
    expect(mails.filter((sent) => sent.length > 0)).toHaveLength(5);
  });

  it('keeps one invitation per e-mail under parallel invitations of the same address', async () => {
    const owner = await newSession(ctx, uniqueEmail('misma'));
    const guest = uniqueEmail('una-sola');
    const responses = await Promise.all(Array.from({ length: 5 }, () => invite(ctx, owner, guest)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await ctx.database.db
      .select()
      .from(networkInvitations)
      .where(eq(networkInvitations.guestEmail, guest));
    expect(rows).toHaveLength(1);
  });
});

describe('invitations send e-mail, so they are rate-limited', () => {
  const ctx = useTestApp({ env: { ...LOOSE_LIMITS } });

  it(`allows ${INVITATIONS_PER_HOUR} invitations per user per hour, then answers 429 in Spanish`, async () => {
    const owner = await newSession(ctx, uniqueEmail('insistente'));
    const other = await newSession(ctx, uniqueEmail('tranquila'));
    for (let index = 0; index < INVITATIONS_PER_HOUR; index += 1) {
      const response = await invite(ctx, owner, uniqueEmail(`limite-${index}`));
      expect(response.statusCode).toBe(index < SECURITY_NETWORK_MAX_PEOPLE ? 200 : 409);
    }
    const limited = await invite(ctx, owner, uniqueEmail('de-mas'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(errorMessages.tooManyRequests);
    // Another user is not affected.
    expect((await invite(ctx, other, uniqueEmail('otra'))).statusCode).toBe(200);
  });

  it('limits one IP per minute too (AUTH_RATE_LIMIT_MAX)', async () => {
    const strict = await createTestApp({ env: { ...LOOSE_LIMITS, AUTH_RATE_LIMIT_MAX: '3' } });
    try {
      const owner = await newSession(strict, uniqueEmail('ip'));
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        statuses.push((await invite(strict, owner, uniqueEmail(`ip-${index}`), '10.9.8.7')).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('invitations survive a restart', () => {
  const dataDir = useTempDir('seguridad-networks-');

  it('keeps Mi Red and the e-mailed link working after the server and its database reopen', async () => {
    // PGlite on disk is reopened from its directory; PostgreSQL keeps the same cloned database.
    const onDisk = testEngine() === 'pglite';
    const database = onDisk ? await openDatabase({ dataDir }) : await openTestDatabase();
    if (onDisk) await migrateAndSeed(database);
    const first = await createTestApp({ env: LOOSE_LIMITS, database });
    const owner = await newSession(first, uniqueEmail('reinicio'));
    const guestEmail = uniqueEmail('reinicio-invitada');
    expect((await invite(first, owner, guestEmail)).statusCode).toBe(200);
    const before = (await getMyNetwork(first, owner)).json() as { my_network: unknown[] };
    expect(before.my_network).toHaveLength(1);
    await first.close();
    if (onDisk) await database.close();

    const reopened = onDisk ? await openDatabase({ dataDir }) : database;
    if (onDisk) await migrateAndSeed(reopened);
    const second = await createTestApp({ env: LOOSE_LIMITS, database: reopened });
    try {
      expect((await getMyNetwork(second, owner)).json()).toEqual(before);
      const { code, companyId } = await invitationLinkTo(second, guestEmail);
      const guest = await newSession(second, guestEmail);
      const inviter = await inviterByCode(second, guest, { user_code: code, company_id: String(companyId) });
      expect(inviter.statusCode).toBe(200);
    } finally {
      await second.close();
      await reopened.close();
    }
  }, 120_000);
});
