import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTexts, errorMessages, networkTexts, validationMessages } from '@seguridad/contracts/messages';
import { networkInvitations, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import {
  bearer,
  deleteAccount,
  latestMessageTo,
  newSession,
  verificationCodeTo,
  verifyEmailThroughLink,
} from '../../testing/accounts';
import {
  LOOSE_LIMITS,
  acceptReject,
  enterWithCode,
  getMyNetwork,
  invitationIdFor,
  invitationLinkTo,
  invite,
  inviterByCode,
  quit,
  uniqueEmail,
} from '../../testing/networks';
import { useTestApp } from '../../testing/test-app';

type Network = {
  code: 200;
  my_network: { id: number; status: number; guest: { email: string; profile: unknown } }[];
  external_networks: { id: number; status: number; owner: { email: string; profile: unknown } }[];
  email_verified: boolean;
};

const ctx = useTestApp({ env: LOOSE_LIMITS });

/** An owner with a session, and the e-mail of a guest with a session too. */
async function ownerAndGuest(tag: string) {
  const ownerEmail = uniqueEmail(`${tag}-duena`);
  const guestEmail = uniqueEmail(`${tag}-invitada`);
  const [owner, guest] = await Promise.all([newSession(ctx, ownerEmail), newSession(ctx, guestEmail)]);
  return { ownerEmail, guestEmail, owner, guest };
}

async function renameUser(email: string, name: string, lastname: string) {
  await ctx.database.db.update(users).set({ name, lastname }).where(eq(users.email, email));
}

describe('every network route needs a session', () => {
  it.each([
    ['POST', '/api/v1/networks/addUserToNetwork', { guest_email: 'x@example.com' }],
    ['GET', '/api/v1/networks/getMyNetwork', undefined],
    ['POST', '/api/v1/networks/acceptRejectInvitation', { invitation_id: 1, status: 2 }],
    ['POST', '/api/v1/networks/quitSecurityNetwork', { invitation_id: 1 }],
    ['GET', '/api/v1/user/getUserInfoByCode?user_code=aaaaaaaaaaaaaaaaaaaa&company_id=1', undefined],
    [
      'POST',
      '/api/v1/networks/enterToNetworkWithInvitationCode',
      { company_id: 1, invitation_code: 'aaaaaaaaaaaaaaaaaaaa', status: 2 },
    ],
  ] as const)('%s %s answers 401 without a token or with a made-up one', async (method, url, payload) => {
    for (const headers of [{}, bearer('no-es-un-token-valido')]) {
      const response = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        code: 401,
        message: errorMessages.unauthorized,
      });
    }
  });
});

describe('POST networks/addUserToNetwork', () => {
  it('creates a pending invitation and e-mails a working link, in text and HTML', async () => {
    const { ownerEmail, guestEmail, owner } = await ownerAndGuest('alta');
    await renameUser(ownerEmail, 'Marta <b>', 'Soto & Cía');
    const response = await invite(ctx, owner, `  ${guestEmail.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: networkTexts.invitationSent });

    const mail = await latestMessageTo(ctx, guestEmail);
    expect(mail?.subject).toContain('Marta <b> Soto & Cía te invitó a su red de seguridad');
    expect(mail?.html).toContain('Marta &lt;b&gt; Soto &amp; Cía');
    expect(mail?.html).not.toContain('<b>');
    const { link, code, companyId } = await invitationLinkTo(ctx, guestEmail);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/network_invite');
    expect(mail?.html).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);

    const [row] = await ctx.database.db
      .select()
      .from(networkInvitations)
      .where(eq(networkInvitations.guestEmail, guestEmail));
    expect(row).toMatchObject({ status: 1, companyId, codeHash: hashToken(code) });
    // Only the hash is kept; the guest already had an account, so the row names it.
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row?.guestUserId).toEqual(expect.any(Number));

    // Pending: the address alone, so an invitation never tells whether the address has an account.
    const network = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(network.my_network).toEqual([
      { id: row!.id, status: 1, guest: { email: guestEmail, profile: null } },
    ]);
  });

  it('invites an e-mail without an account: the row shows the e-mail alone', async () => {
    const owner = await newSession(ctx, uniqueEmail('sin-cuenta-duena'));
    const guestEmail = uniqueEmail('sin-cuenta');
    expect((await invite(ctx, owner, guestEmail)).statusCode).toBe(200);
    const network = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(network.my_network).toEqual([
      { id: expect.any(Number), status: 1, guest: { email: guestEmail, profile: null } },
    ]);
    await invitationLinkTo(ctx, guestEmail);
  });

  it.each([
    ['an e-mail without a domain', { guest_email: 'rosa@example' }],
    ['a bare name', { guest_email: 'rosa' }],
    ['spaces inside', { guest_email: 'ro sa@example.com' }],
    ['an empty string', { guest_email: '' }],
    ['a number', { guest_email: 42 }],
    ['no field', {}],
  ])('refuses %s with "Formato incorrecto"', async (_name, payload) => {
    const owner = await newSession(ctx, uniqueEmail('formato'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/networks/addUserToNetwork',
      headers: bearer(owner),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContain(validationMessages.invitationEmailInvalid);
  });

  it('refuses a body that is not JSON or is too long', async () => {
    const owner = await newSession(ctx, uniqueEmail('cuerpo'));
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/networks/addUserToNetwork',
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      payload: '{"guest_email":',
    });
    expect(notJson.statusCode).toBe(400);
    const tooLong = await invite(ctx, owner, `${'a'.repeat(250)}@example.com`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses inviting yourself, whatever the case', async () => {
    const email = uniqueEmail('yo-misma');
    const owner = await newSession(ctx, email);
    const response = await invite(ctx, owner, email.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(networkTexts.selfInvite);
  });

  it('refuses an e-mail already pending or confirmed, and lets a rejected one be invited again', async () => {
    const { guestEmail, owner, guest } = await ownerAndGuest('repetida');
    expect((await invite(ctx, owner, guestEmail)).statusCode).toBe(200);
    const pendingAgain = await invite(ctx, owner, guestEmail.toUpperCase());
    expect(pendingAgain.statusCode).toBe(409);
    expect(pendingAgain.json().message).toBe(networkTexts.alreadyInvited);

    const firstId = await invitationIdFor(ctx, owner, guestEmail);
    expect((await acceptReject(ctx, guest, { invitation_id: firstId, status: 3 })).statusCode).toBe(200);
    expect((await invite(ctx, owner, guestEmail)).statusCode).toBe(200);
    const network = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(network.my_network.map((row) => row.status)).toEqual([1]);

    const secondId = await invitationIdFor(ctx, owner, guestEmail);
    expect((await acceptReject(ctx, guest, { invitation_id: secondId, status: 2 })).statusCode).toBe(200);
    const confirmedAgain = await invite(ctx, owner, guestEmail);
    expect(confirmedAgain.statusCode).toBe(409);
    expect(confirmedAgain.json().message).toBe(networkTexts.alreadyInvited);
  });
});

describe('GET networks/getMyNetwork', () => {
  it('lists Mi Red for the owner and Redes Externas for the invitee, matched by e-mail in any case', async () => {
    const { ownerEmail, guestEmail, owner, guest } = await ownerAndGuest('listas');
    await renameUser(ownerEmail, 'Olga', 'Dueña');
    const empty = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(empty).toEqual({ code: 200, my_network: [], external_networks: [], email_verified: true });

    // Invited before the account existed would match by e-mail too; here the address differs in case.
    await invite(ctx, owner, guestEmail.toUpperCase());
    const id = await invitationIdFor(ctx, owner, guestEmail);
    const guestView = (await getMyNetwork(ctx, guest)).json() as Network;
    expect(guestView).toEqual({
      code: 200,
      my_network: [],
      external_networks: [
        { id, status: 1, owner: { email: ownerEmail, profile: { name: 'Olga', lastname: 'Dueña' } } },
      ],
      email_verified: true,
    });
  });

  it('shows an invitation to someone who signs up later in their Redes Externas', async () => {
    const owner = await newSession(ctx, uniqueEmail('antes-duena'));
    const guestEmail = uniqueEmail('despues');
    await invite(ctx, owner, guestEmail);
    const guest = await newSession(ctx, guestEmail);
    const guestView = (await getMyNetwork(ctx, guest)).json() as Network;
    expect(guestView.external_networks).toHaveLength(1);
    const ownerView = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(ownerView.my_network[0]?.guest.profile).toBeNull();
  });

  it('names the invitee to the owner only once the invitation is accepted, never while pending or rejected', async () => {
    const { ownerEmail, guestEmail, owner, guest } = await ownerAndGuest('nombre-al-aceptar');
    await renameUser(ownerEmail, 'Olga', 'Dueña');
    await invite(ctx, owner, guestEmail);
    const id = await invitationIdFor(ctx, owner, guestEmail);
    const pending = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(pending.my_network).toEqual([{ id, status: 1, guest: { email: guestEmail, profile: null } }]);
    expect(JSON.stringify(pending)).not.toContain('Rosa');
    expect((await acceptReject(ctx, guest, { invitation_id: id, status: 2 })).statusCode).toBe(200);
    const accepted = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(accepted.my_network[0]?.guest.profile).toEqual({ name: 'Rosa', lastname: 'Pérez' });

    const other = await ownerAndGuest('nombre-al-rechazar');
    await invite(ctx, other.owner, other.guestEmail);
    const rejectedId = await invitationIdFor(ctx, other.owner, other.guestEmail);
    expect((await acceptReject(ctx, other.guest, { invitation_id: rejectedId, status: 3 })).statusCode).toBe(
      200,
    );
    const rejected = (await getMyNetwork(ctx, other.owner)).json() as Network;
    expect(rejected.my_network[0]?.guest.profile).toBeNull();
  });
});

describe('POST networks/acceptRejectInvitation', () => {
  it('confirms, and confirming twice changes nothing', async () => {
    const { guestEmail, owner, guest } = await ownerAndGuest('confirma');
    await invite(ctx, owner, guestEmail);
    const id = await invitationIdFor(ctx, owner, guestEmail);
    for (let round = 0; round < 2; round += 1) {
      const response = await acceptReject(ctx, guest, { invitation_id: id, status: 2 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: networkTexts.invitationConfirmed });
    }
    const ownerView = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(ownerView.my_network[0]?.status).toBe(2);
    const [row] = await ctx.database.db
      .select()
      .from(networkInvitations)
      .where(eq(networkInvitations.id, id));
    expect(row?.respondedAt).toBeInstanceOf(Date);

    // Only while pending: a confirmed invitation is left through quitSecurityNetwork instead.
    const reject = await acceptReject(ctx, guest, { invitation_id: id, status: 3 });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().message).toBe(networkTexts.invitationInvalid);
  });

  it('rejects with the spec message', async () => {
    const { guestEmail, owner, guest } = await ownerAndGuest('rechaza');
    await invite(ctx, owner, guestEmail);
    const id = await invitationIdFor(ctx, owner, guestEmail);
    const response = await acceptReject(ctx, guest, { invitation_id: id, status: 3 });
    expect(response.json()).toEqual({ code: 200, message: networkTexts.invitationRejected });
    const guestView = (await getMyNetwork(ctx, guest)).json() as Network;
    expect(guestView.external_networks[0]?.status).toBe(3);
  });

  it('lets neither the owner nor a third user answer, nor anyone answer an id that does not exist', async () => {
    const { guestEmail, owner } = await ownerAndGuest('ajena');
    const stranger = await newSession(ctx, uniqueEmail('tercera'));
    await invite(ctx, owner, guestEmail);
    const id = await invitationIdFor(ctx, owner, guestEmail);
    for (const [token, invitationId] of [
      [owner, id],
      [stranger, id],
      [stranger, 2_147_483_647],
    ] as const) {
      const response = await acceptReject(ctx, token, { invitation_id: invitationId, status: 2 });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(networkTexts.invitationNotFound);
    }
    const ownerView = (await getMyNetwork(ctx, owner)).json() as Network;
    expect(ownerView.my_network[0]?.status).toBe(1);
  });

  it.each([
    [{ invitation_id: 1, status: 1 }],
    [{ invitation_id: 1, status: 4 }],
    [{ invitation_id: 1, status: '2' }],
    [{ invitation_id: '1', status: 2 }],
    [{ invitation_id: 0, status: 2 }],
    [{ invitation_id: 1.5, status: 2 }],
    [{ invitation_id: 2_147_483_648, status: 2 }],
    [{ status: 2 }],
  ])('answers 400 to %j', async (payload) => {
    const token = await newSession(ctx, uniqueEmail('malos-datos'));
    expect((await acceptReject(ctx, token, payload)).statusCode).toBe(400);
  });
});

describe('POST networks/quitSecurityNetwork', () => {
  it('lets the owner remove a member and cancel a pending invitation', async () => {
    const { guestEmail, owner, guest } = await ownerAndGuest('quita');
    const pendingEmail = uniqueEmail('cancelada');
    await invite(ctx, owner, guestEmail);
    await invite(ctx, owner, pendingEmail);
    const memberId = await invitationIdFor(ctx, owner, guestEmail);
    await acceptReject(ctx, guest, { invitation_id: memberId, status: 2 });
    const pendingId = await invitationIdFor(ctx, owner, pendingEmail);

    for (const id of [memberId, pendingId]) {
      const response = await quit(ctx, owner, { invitation_id: id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: networkTexts.invitationRemoved });
    }
    expect(((await getMyNetwork(ctx, owner)).json() as Network).my_network).toEqual([]);
    expect(((await getMyNetwork(ctx, guest)).json() as Network).external_networks).toEqual([]);
    // The cancelled invitation's link stops working.
    const { code, companyId } = await invitationLinkTo(ctx, pendingEmail);
    const pendingGuest = await newSession(ctx, pendingEmail);
    const lookup = await inviterByCode(ctx, pendingGuest, { user_code: code, company_id: String(companyId) });
    expect(lookup.statusCode).toBe(404);
  });

  it('lets the member leave, and a third user gets 404 on someone else’s invitation', async () => {
    const { guestEmail, owner, guest } = await ownerAndGuest('sale');
    const stranger = await newSession(ctx, uniqueEmail('intrusa'));
    await invite(ctx, owner, guestEmail);
    const id = await invitationIdFor(ctx, owner, guestEmail);
    await acceptReject(ctx, guest, { invitation_id: id, status: 2 });

    const intrusion = await quit(ctx, stranger, { invitation_id: id });
    expect(intrusion.statusCode).toBe(404);
    expect(intrusion.json().message).toBe(networkTexts.invitationNotFound);
    expect(((await getMyNetwork(ctx, owner)).json() as Network).my_network).toHaveLength(1);

    const leave = await quit(ctx, guest, { invitation_id: id });
    expect(leave.statusCode).toBe(200);
    expect(((await getMyNetwork(ctx, owner)).json() as Network).my_network).toEqual([]);
    expect((await quit(ctx, guest, { invitation_id: id })).statusCode).toBe(404);
  });

  it.each([[{}], [{ invitation_id: -1 }], [{ invitation_id: 'abc' }], [{ invitation_id: 9_999_999_999 }]])(
    'answers 400 to %j',
    async (payload) => {
      const token = await newSession(ctx, uniqueEmail('salida-mala'));
      expect((await quit(ctx, token, payload)).statusCode).toBe(400);
    },
  );
});

describe('accounts that go away', () => {
  it('deleting the owner deletes their invitations; deleting the guest takes them out of the network', async () => {
    const { guestEmail, owner, guest } = await ownerAndGuest('borrado');
    const second = await ownerAndGuest('borrado-2');
    await invite(ctx, owner, guestEmail);
    await invite(ctx, second.owner, guestEmail);
    const id = await invitationIdFor(ctx, second.owner, guestEmail);
    await acceptReject(ctx, guest, { invitation_id: id, status: 2 });

    await deleteAccount(ctx, owner);
    // The first owner is gone: the guest no longer sees that invitation.
    const guestView = (await getMyNetwork(ctx, guest)).json() as Network;
    expect(guestView.external_networks.map((row) => row.id)).toEqual([id]);

    await deleteAccount(ctx, guest);
    expect(((await getMyNetwork(ctx, second.owner)).json() as Network).my_network).toEqual([]);
  });
});

describe('invitation by link', () => {
  it('shows the inviting user and accepts by link; accepting twice changes nothing', async () => {
    const { ownerEmail, guestEmail, owner, guest } = await ownerAndGuest('enlace');
    await renameUser(ownerEmail, 'Inés', 'Araya');
    await invite(ctx, owner, guestEmail);
    const { code, companyId } = await invitationLinkTo(ctx, guestEmail);

    const inviter = await inviterByCode(ctx, guest, { user_code: code, company_id: String(companyId) });
    expect(inviter.statusCode).toBe(200);
    expect(inviter.json()).toEqual({ code: 200, user: { name: 'Inés', lastname: 'Araya' } });

    for (let round = 0; round < 2; round += 1) {
      const response = await enterWithCode(ctx, guest, {
        company_id: companyId,
        invitation_code: code,
        status: 2,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: networkTexts.invitationConfirmed });
    }
    expect(((await getMyNetwork(ctx, owner)).json() as Network).my_network[0]?.status).toBe(2);
    // Answered: the page's lookup says so instead of offering the buttons again.
    const after = await inviterByCode(ctx, guest, { user_code: code, company_id: String(companyId) });
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe(networkTexts.invitationInvalid);
    // A different answer now is refused the same way.
    const late = await enterWithCode(ctx, guest, { company_id: companyId, invitation_code: code, status: 3 });
    expect(late.statusCode).toBe(404);
  });

  it('rejects by link', async () => {
    const { guestEmail, owner, guest } = await ownerAndGuest('enlace-no');
    await invite(ctx, owner, guestEmail);
    const { code, companyId } = await invitationLinkTo(ctx, guestEmail);
    const response = await enterWithCode(ctx, guest, {
      company_id: companyId,
      invitation_code: code,
      status: 3,
    });
    expect(response.json()).toEqual({ code: 200, message: networkTexts.invitationRejected });
    expect(((await getMyNetwork(ctx, owner)).json() as Network).my_network[0]?.status).toBe(3);
  });

  it('answers 403 to a signed-in user whose e-mail is not the invited one, and changes nothing', async () => {
    const { guestEmail, owner } = await ownerAndGuest('otra-persona');
    const other = await newSession(ctx, uniqueEmail('no-invitada'));
    await invite(ctx, owner, guestEmail);
    const { code, companyId } = await invitationLinkTo(ctx, guestEmail);
    const response = await enterWithCode(ctx, other, {
      company_id: companyId,
      invitation_code: code,
      status: 2,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(networkTexts.invitationNotForYou);
    // The owner cannot accept their own invitation either.
    const ownAnswer = await enterWithCode(ctx, owner, {
      company_id: companyId,
      invitation_code: code,
      status: 2,
    });
    expect(ownAnswer.statusCode).toBe(403);
    expect(((await getMyNetwork(ctx, owner)).json() as Network).my_network[0]?.status).toBe(1);
  });

  it('answers 404 with a clear text to made-up, expired, removed codes and a wrong company', async () => {
    const { guestEmail, owner, guest } = await ownerAndGuest('codigos');
    await invite(ctx, owner, guestEmail);
    const { code, companyId } = await invitationLinkTo(ctx, guestEmail);
    const expectInvalid = async (userCode: string, company: number) => {
      const lookup = await inviterByCode(ctx, guest, { user_code: userCode, company_id: String(company) });
      expect(lookup.statusCode).toBe(404);
      expect(lookup.json().message).toBe(networkTexts.invitationInvalid);
      const answer = await enterWithCode(ctx, guest, {
        company_id: company,
        invitation_code: userCode,
        status: 2,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(networkTexts.invitationInvalid);
    };

    await expectInvalid('codigo-inventado-que-no-existe-en-ninguna-parte', companyId);
    await expectInvalid(code, companyId + 1);
    await expectInvalid(code, 2_147_483_647);

    const id = await invitationIdFor(ctx, owner, guestEmail);
    await ctx.database.db
      .update(networkInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(networkInvitations.id, id));
    await expectInvalid(code, companyId);

    await quit(ctx, owner, { invitation_id: id });
    await expectInvalid(code, companyId);
  });

  it.each([
    ['a short code', { user_code: 'corto', company_id: '1' }],
    ['no company', { user_code: 'a'.repeat(43) }],
    ['a company that is not a number', { user_code: 'a'.repeat(43), company_id: 'abc' }],
    ['a company past the id range', { user_code: 'a'.repeat(43), company_id: '2147483648' }],
    ['a very long code', { user_code: 'a'.repeat(500), company_id: '1' }],
  ])('the lookup answers 400 to %s', async (_name, query) => {
    const token = await newSession(ctx, uniqueEmail('consulta-mala'));
    expect((await inviterByCode(ctx, token, query as Record<string, string>)).statusCode).toBe(400);
  });

  it.each([
    [{ company_id: 1, invitation_code: 'a'.repeat(43), status: 1 }],
    [{ company_id: '1', invitation_code: 'a'.repeat(43), status: 2 }],
    [{ company_id: 1, invitation_code: 'corto', status: 2 }],
    [{ company_id: 1, status: 2 }],
    [{ company_id: 1, invitation_code: 'a\u0000'.repeat(20), status: 2 }],
  ])('the answer by link answers 4xx, never 500, to %j', async (payload) => {
    const token = await newSession(ctx, uniqueEmail('respuesta-mala'));
    const response = await enterWithCode(ctx, token, payload);
    expect([400, 404]).toContain(response.statusCode);
  });
});

describe('an address nobody proved (decision 039)', () => {
  it('neither sees nor answers the invitations sent to it until the mailed link is opened', async () => {
    const owner = await newSession(ctx, uniqueEmail('prueba-duena'));
    const guestEmail = uniqueEmail('ocupada');
    await invite(ctx, owner, guestEmail);
    const { code, companyId } = await invitationLinkTo(ctx, guestEmail);
    const id = await invitationIdFor(ctx, owner, guestEmail);
    // Whoever registers the invited address first gets a session, but not the invitation.
    const squatter = await newSession(ctx, guestEmail, { verified: false });
    const hidden = (await getMyNetwork(ctx, squatter)).json() as Network;
    expect(hidden).toMatchObject({ external_networks: [], email_verified: false });

    for (const refused of [
      await acceptReject(ctx, squatter, { invitation_id: id, status: 2 }),
      await acceptReject(ctx, squatter, { invitation_id: id, status: 3 }),
      await enterWithCode(ctx, squatter, { invitation_code: code, company_id: companyId, status: 2 }),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: 'email_unverified',
        message: accountTexts.emailUnverified,
      });
    }
    const [row] = await ctx.database.db
      .select()
      .from(networkInvitations)
      .where(eq(networkInvitations.id, id));
    expect(row).toMatchObject({ status: 1, respondedAt: null });
    // The refusal keeps the session: the same token works once the link is opened.
    expect((await getMyNetwork(ctx, squatter)).statusCode).toBe(200);

    await verifyEmailThroughLink(ctx, guestEmail);
    const shown = (await getMyNetwork(ctx, squatter)).json() as Network;
    expect(shown).toMatchObject({ email_verified: true, external_networks: [{ id, status: 1 }] });
    const accepted = await enterWithCode(ctx, squatter, {
      invitation_code: code,
      company_id: companyId,
      status: 2,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('a used verification link does not prove a later address', async () => {
    const email = uniqueEmail('una-vez');
    const token = await newSession(ctx, email, { verified: false });
    const code = await verificationCodeTo(ctx, email);
    await verifyEmailThroughLink(ctx, email);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verifyEmail',
      payload: { code },
    });
    expect(again.statusCode).toBe(404);
    expect((await getMyNetwork(ctx, token)).json()).toMatchObject({ email_verified: true });
  });
});
