import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiries fall on a grid (ten minutes for the usual hour, a sixth of a shorter life), so lists
 * fetched minutes apart hand out the very same URL.
 */
export const SIGNED_URL_EXPIRY_STEP_S = 10 * 60;

/**
 * Media URLs that work in `<video src>` and `<img src>` (which cannot send a bearer token): the
 * path plus an expiry, signed with the server's secret. Anyone holding the URL can fetch the file
 * until it expires, so they are only handed to users allowed to see it, and live one hour (up to
 * ten minutes more). A URL that changed on every refetch would make a `<video>` being watched
 * start loading again (and fail a seek under way) whenever its list refreshed.
 */
export function signPath(
  secret: string,
  path: string,
  ttlMs = 60 * 60 * 1000,
  now = Date.now(),
  /**
   * The staff member the URL is handed to, signed into it (`by`), so the fetch of a citizen's
   * media, which carries no session, still says who opened it (decision 042).
   */
  actorUserId?: number,
): string {
  const step = Math.max(1, Math.min(SIGNED_URL_EXPIRY_STEP_S, Math.floor(ttlMs / 1000 / 6)));
  const exp = String(Math.ceil((now + ttlMs) / 1000 / step) * step);
  const by = actorUserId === undefined ? undefined : String(actorUserId);
  const sig = signature(secret, path, exp, by).toString('base64url');
  return by === undefined ? `${path}?exp=${exp}&sig=${sig}` : `${path}?exp=${exp}&by=${by}&sig=${sig}`;
}

function signature(secret: string, path: string, exp: string, by: string | undefined): Buffer {
  const signed = by === undefined ? `${path}\n${exp}` : `${path}\n${exp}\n${by}`;
  return createHmac('sha256', secret).update(signed).digest();
}

export function verifySignedPath(
  secret: string,
  path: string,
  exp: string | undefined,
  sig: string | undefined,
  now = Date.now(),
  by?: string,
): boolean {
  if (!exp || !sig || !/^\d+$/.test(exp) || Number(exp) * 1000 < now) return false;
  if (by !== undefined && !/^\d{1,15}$/.test(by)) return false;
  const expected = signature(secret, path, exp, by);
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
