import { describe, expect, it } from 'vitest';
import { networkEvents } from '@seguridad/contracts/realtime/networks';
import { newSession } from '../../testing/accounts';
import { nextEvent, record, useCallTestServer } from '../../testing/calls';
import {
  LOOSE_LIMITS,
  acceptReject,
  enterWithCode,
  invitationIdFor,
  invitationLinkTo,
  invite,
  quit,
  uniqueEmail,
} from '../../testing/networks';

describe('the other person’s open pages hear about network changes', () => {
  const { server } = useCallTestServer({ env: LOOSE_LIMITS });

  it('tells the invitee of a new invitation and the owner of an answer, and nobody else', async () => {
    const ctx = server.ctx;
    const guestEmail = uniqueEmail('en-vivo');
    const [owner, guest, stranger] = await Promise.all([
      newSession(ctx, uniqueEmail('en-vivo-duena')),
      newSession(ctx, guestEmail),
      newSession(ctx, uniqueEmail('en-vivo-otra')),
    ]);
    const [ownerSocket, guestSocket, strangerSocket] = await Promise.all([
      server.connectConsole(owner),
      server.connectConsole(guest),
      server.connectConsole(stranger),
    ]);
    const strangerHeard = record(strangerSocket, networkEvents.changed);

    const invited = nextEvent(guestSocket, networkEvents.changed);
    await invite(ctx, owner, guestEmail);
    const id = await invitationIdFor(ctx, owner, guestEmail);
    expect(await invited).toEqual({ invitation_id: id, change: 'invited' });

    const answered = nextEvent(ownerSocket, networkEvents.changed);
    await acceptReject(ctx, guest, { invitation_id: id, status: 2 });
    expect(await answered).toEqual({ invitation_id: id, change: 'answered' });

    const left = nextEvent(ownerSocket, networkEvents.changed);
    await quit(ctx, guest, { invitation_id: id });
    expect(await left).toEqual({ invitation_id: id, change: 'removed' });
    expect(strangerHeard).toEqual([]);
  });

  it('tells the owner when the invitation is answered by link', async () => {
    const ctx = server.ctx;
    const guestEmail = uniqueEmail('enlace-vivo');
    const [owner, guest] = await Promise.all([
      newSession(ctx, uniqueEmail('enlace-vivo-duena')),
      newSession(ctx, guestEmail),
    ]);
    const ownerSocket = await server.connectConsole(owner);
    await invite(ctx, owner, guestEmail);
    const { code, companyId } = await invitationLinkTo(ctx, guestEmail);
    const answered = nextEvent(ownerSocket, networkEvents.changed);
    await enterWithCode(ctx, guest, { company_id: companyId, invitation_code: code, status: 3 });
    expect(await answered).toMatchObject({ change: 'answered' });
  });
});
