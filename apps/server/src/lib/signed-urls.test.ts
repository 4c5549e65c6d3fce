import { describe, expect, it } from 'vitest';
import { SIGNED_URL_EXPIRY_STEP_S, signPath, verifySignedPath } from './signed-urls';

const secret = 'a-secret-of-the-tests';
const path = '/api/media/video-mails/1/video';

function parts(url: string) {
  const query = new URLSearchParams(url.split('?')[1]);
  return { exp: query.get('exp') ?? undefined, sig: query.get('sig') ?? undefined };
}

describe('signed media URLs', () => {
  it('hand out the same URL to lists fetched minutes apart, so a video being watched is not reloaded', () => {
    const start = Date.UTC(2026, 10, 27, 13, 0, 1);
    const first = signPath(secret, path, undefined, start);
    expect(signPath(secret, path, undefined, start + 5 * 60 * 1000)).toBe(first);
    expect(signPath(secret, path, undefined, start + 11 * 60 * 1000)).not.toBe(first);
  });

  it('live at least the time asked and at most one step more', () => {
    const now = Date.UTC(2026, 10, 27, 13, 7, 30);
    const { exp } = parts(signPath(secret, path, 60 * 60 * 1000, now));
    const lifetimeS = Number(exp) - now / 1000;
    expect(lifetimeS).toBeGreaterThanOrEqual(60 * 60);
    expect(lifetimeS).toBeLessThanOrEqual(60 * 60 + SIGNED_URL_EXPIRY_STEP_S);
  });

  it('verify only for their path, with their signature, until they expire', () => {
    const now = Date.UTC(2026, 10, 27, 13, 0, 0);
    const { exp, sig } = parts(signPath(secret, path, 60 * 60 * 1000, now));
    expect(verifySignedPath(secret, path, exp, sig, now)).toBe(true);
    expect(verifySignedPath(secret, '/api/media/video-mails/2/video', exp, sig, now)).toBe(false);
    expect(verifySignedPath('another-secret', path, exp, sig, now)).toBe(false);
    expect(verifySignedPath(secret, path, String(Number(exp) + 1), sig, now)).toBe(false);
    expect(verifySignedPath(secret, path, exp, sig, Number(exp) * 1000 + 1)).toBe(false);
    expect(verifySignedPath(secret, path, undefined, sig, now)).toBe(false);
    expect(verifySignedPath(secret, path, '12ab', sig, now)).toBe(false);
  });

  it('bind the staff member they were signed for: another id or none does not verify', () => {
    const now = Date.UTC(2026, 10, 27, 13, 0, 0);
    const url = signPath(secret, path, 60 * 60 * 1000, now, 7);
    const query = new URLSearchParams(url.split('?')[1]);
    const { exp, sig } = parts(url);
    expect(query.get('by')).toBe('7');
    expect(verifySignedPath(secret, path, exp, sig, now, '7')).toBe(true);
    expect(verifySignedPath(secret, path, exp, sig, now, '8')).toBe(false);
    expect(verifySignedPath(secret, path, exp, sig, now)).toBe(false);
    expect(verifySignedPath(secret, path, exp, sig, now, '7 ')).toBe(false);
  });
});
