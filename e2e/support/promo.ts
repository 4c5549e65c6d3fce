import { type APIRequestContext } from '@playwright/test';
import { DEV_ADMIN, expect } from '../fixtures';
import {
  latestMatch,
  signUpThroughApi,
  tokenThroughApi,
  uniqueEmail,
  verifyEmailThroughOutbox,
} from './accounts';

/*
 * The camera draw's participants and its publication, through the APIs the promo page and the
 * operator console use (docs/decisions/015).
 */

/** The 8 digits of a Chilean mobile after +569, as the promo form takes them. */
export function eightDigits(): string {
  return String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0');
}

/** Enters the code sent to the entry's phone, as the promo page's code step does (decision 039). */
export async function provePromoPhoneThroughApi(
  request: APIRequestContext,
  token: string,
  phoneDigits: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const sent = await request.post('/api/v1/promo/phone/sendCode', { headers, data: { type: 1 } });
  expect(sent.status()).toBe(200);
  const code = await latestMatch(request, `569${phoneDigits}`, /\b\d{6}\b/);
  const verified = await request.post('/api/v1/promo/phone/verify', { headers, data: { code } });
  expect(verified.status()).toBe(200);
}

/**
 * A registrant who entered, proved the e-mail and the phone, and invited three people, through
 * the APIs the pages use.
 */
export async function eligibleRegistrant(request: APIRequestContext): Promise<void> {
  const email = uniqueEmail('participa');
  const phone = eightDigits();
  await signUpThroughApi(request, { email, name: 'Tomás', lastname: 'Lagos', phone });
  const token = await tokenThroughApi(request, email);
  await verifyEmailThroughOutbox(request, email);
  await provePromoPhoneThroughApi(request, token, phone);
  for (const guest of ['uno', 'dos', 'tres']) {
    const invited = await request.post('/api/v1/promo/invite', {
      headers: { authorization: `Bearer ${token}` },
      data: { guest_email: uniqueEmail(guest) },
    });
    expect(invited.status()).toBe(200);
  }
}

/** Publishes the draw as the seeded admin: the list and the commitment, the seed still hidden. */
export async function publishDraw(request: APIRequestContext, scheduledAt: Date): Promise<void> {
  const token = await tokenThroughApi(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const published = await request.post('/api/v1/operator/draw/publish', {
    headers: { authorization: `Bearer ${token}` },
    data: { scheduled_at: scheduledAt.toISOString() },
  });
  expect(published.status()).toBe(200);
}
