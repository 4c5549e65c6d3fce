import { describe, expect, it } from 'vitest';
import { accountTexts } from '@seguridad/contracts/messages';
import { useTestApp } from '../../testing/test-app';
import {
  getAs,
  latestLinkTo,
  login,
  newSession,
  requestPasswordReset,
  resetPassword,
  resetTokenTo,
  signup,
} from '../../testing/accounts';

describe('password reset', () => {
  const ctx = useTestApp({ env: { PUBLIC_BASE_URL: 'https://seguridad.example.cl' } });

  const requestReset = (email: string, host = 'seguridad.example.cl', remoteAddress?: string) =>
    requestPasswordReset(ctx, email, { headers: { host }, remoteAddress });
  const checkToken = (token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/checktoken', payload: { token } });

  it('answers the spec 404 text for an unknown e-mail', async () => {
    const response = await requestReset('desconocida@example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(accountTexts.resetRequestNotFound);
  });

  it('e-mails a link on the configured base URL, whatever Host the request claims', async () => {
    await signup(ctx, 'enlace@example.com');
    const response = await requestReset('enlace@example.com', 'atacante.example.com');
    expect(response.json().message).toBe(accountTexts.resetRequestSent);
    const link = await latestLinkTo(ctx, 'enlace@example.com', '/reset-pass?token=');
    expect(link.origin).toBe('https://seguridad.example.cl');
  });

  it('checks tokens, and a reset with revoke closes every session', async () => {
    const token = await newSession(ctx, 'revocar@example.com');
    await requestReset('revocar@example.com');
    const resetToken = await resetTokenTo(ctx, 'revocar@example.com');
    expect((await checkToken(resetToken)).statusCode).toBe(200);
    const invalid = await checkToken('falso');
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json().message).toBe(accountTexts.resetTokenInvalid);

    const reset = await resetPassword(ctx, resetToken, 'clave-nueva-123', { revoke: true });
    expect(reset.json().message).toBe(accountTexts.resetSuccess);
    expect((await getAs(ctx, token, '/api/v1/user/info')).statusCode).toBe(401);
    expect((await login(ctx, 'revocar@example.com', 'clave-nueva-123')).statusCode).toBe(200);
    expect((await checkToken(resetToken)).statusCode).toBe(404);
  });

  it('keeps other sessions when revoke is false', async () => {
    const token = await newSession(ctx, 'mantener@example.com');
    await requestReset('mantener@example.com');
    const resetToken = await resetTokenTo(ctx, 'mantener@example.com');
    await resetPassword(ctx, resetToken, 'clave-nueva-456', { revoke: false });
    expect((await getAs(ctx, token, '/api/v1/user/info')).statusCode).toBe(200);
  });

  it('lets exactly one of 20 parallel uses of a token through', async () => {
    await signup(ctx, 'paralelo@example.com');
    await requestReset('paralelo@example.com');
    const resetToken = await resetTokenTo(ctx, 'paralelo@example.com');
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        resetPassword(ctx, resetToken, `clave-paralela-${index}`, {
          revoke: true,
          remoteAddress: `10.1.0.${index}`,
        }),
      ),
    );
    const codes = attempts.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 404)).toHaveLength(19);
  });

  it('rate-limits reset requests per e-mail', async () => {
    await signup(ctx, 'muchas@example.com');
    const codes = [];
    for (let i = 0; i < 4; i += 1) codes.push((await requestReset('muchas@example.com')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it("a stranger's requests do not block the owner's reset from elsewhere", async () => {
    await signup(ctx, 'bloqueada@example.com');
    const stranger = [];
    for (let i = 0; i < 4; i += 1) {
      stranger.push((await requestReset('bloqueada@example.com', undefined, '203.0.113.7')).statusCode);
    }
    expect(stranger).toEqual([200, 200, 200, 429]);
    const owner = await requestReset('bloqueada@example.com', undefined, '198.51.100.20');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().message).toBe(accountTexts.resetRequestSent);
  });
});
