import { expect } from 'vitest';
import { webPaths } from '@seguridad/contracts/web-paths';
import { bearer, latestLinkTo } from './accounts';
import type { TestContext } from './test-app';

/** Limits loose enough that a test file's many sign-ups and invitations from one IP all pass. */
export const LOOSE_LIMITS = {
  RATE_LIMIT_MAX: '100000',
  AUTH_RATE_LIMIT_MAX: '100000',
  AUTH_ATTEMPTS_IP_FACTOR: '1000',
};

let sequence = 0;

/** A unique address for this run, so tests never depend on each other's accounts. */
export function uniqueEmail(tag: string): string {
  sequence += 1;
  return `${tag}-${sequence}-${Date.now().toString(36)}@example.com`;
}

export function invite(ctx: TestContext, token: string, guestEmail: unknown, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/networks/addUserToNetwork',
    headers: bearer(token),
    payload: { guest_email: guestEmail },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function getMyNetwork(ctx: TestContext, token: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/networks/getMyNetwork', headers: bearer(token) });
}

export function acceptReject(ctx: TestContext, token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/networks/acceptRejectInvitation',
    headers: bearer(token),
    payload,
  });
}

export function quit(ctx: TestContext, token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/networks/quitSecurityNetwork',
    headers: bearer(token),
    payload,
  });
}

export function inviterByCode(ctx: TestContext, token: string, query: Record<string, string>) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/user/getUserInfoByCode?${new URLSearchParams(query).toString()}`,
    headers: bearer(token),
  });
}

export function enterWithCode(ctx: TestContext, token: string, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/networks/enterToNetworkWithInvitationCode',
    headers: bearer(token),
    payload,
  });
}

/** The code and company of the last invitation e-mailed to `guestEmail`, read from the outbox. */
export async function invitationLinkTo(ctx: TestContext, guestEmail: string) {
  const link = await latestLinkTo(ctx, guestEmail, webPaths.networkInvite);
  const code = link.searchParams.get('code');
  const cmp = link.searchParams.get('cmp');
  expect(code).toMatch(/^[\w-]{43}$/);
  expect(cmp).toMatch(/^\d+$/);
  return { link, code: code!, companyId: Number(cmp) };
}

/** The id of the owner's Mi Red row for `guestEmail`. */
export async function invitationIdFor(ctx: TestContext, ownerToken: string, guestEmail: string) {
  const network = (await getMyNetwork(ctx, ownerToken)).json() as {
    my_network: { id: number; guest: { email: string } }[];
  };
  const row = network.my_network.find((item) => item.guest.email === guestEmail.toLowerCase());
  if (!row) throw new Error(`no invitation to ${guestEmail}`);
  return row.id;
}
