import { describe, expect, it } from 'vitest';
import { accountTexts } from '@seguridad/contracts/messages';
import {
  latestLinkTo,
  login,
  requestPasswordReset,
  resetPassword,
  resetTokenTo,
  signup,
  STRONG_PASSWORD,
} from '../../testing/accounts';
import { useTestApp } from '../../testing/test-app';

describe('reset and recovery tokens', () => {
  const ctx = useTestApp();

  async function resetLink(email: string): Promise<string> {
    await requestPasswordReset(ctx, email);
    return resetTokenTo(ctx, email);
  }

  const resetWith = (token: string, password: string) =>
    resetPassword(ctx, token, password, { revoke: false });

  it('kills older reset links once a newer one has changed the password', async () => {
    await signup(ctx, 'dos-enlaces@example.com');
    const older = await resetLink('dos-enlaces@example.com');
    const newer = await resetLink('dos-enlaces@example.com');
    expect((await resetWith(newer, 'clave-de-la-duena-1')).statusCode).toBe(200);
    const stale = await resetWith(older, 'clave-del-intruso-1');
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(accountTexts.resetTokenInvalid);
    expect((await login(ctx, 'dos-enlaces@example.com', 'clave-de-la-duena-1')).statusCode).toBe(200);
  });

  it('a made-up recovery token is refused with the spec text, and the mailed one still works without a session', async () => {
    const email = 'recupera@example.com';
    await signup(ctx, email);
    await login(ctx, email, STRONG_PASSWORD, { deviceId: 'equipo-de-casa-0002' });
    await login(ctx, email, STRONG_PASSWORD, { deviceId: 'equipo-extrano-0002' });
    const t = (await latestLinkTo(ctx, email, '/account_recovery?t=')).searchParams.get('t')!;

    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/accountRecovery',
      payload: { t: `${t.slice(0, -2)}xx` },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(accountTexts.recoveryTokenInvalid);

    const recovered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/accountRecovery',
      payload: { t },
    });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().message).toBe(accountTexts.recoveryEmailSent);
  });
});
