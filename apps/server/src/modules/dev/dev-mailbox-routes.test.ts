import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app';

describe('dev mailbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists what the outbox mail sender stored, newest first, filtered by recipient', async () => {
    await ctx.app.mail.send({ to: 'Vecina@Example.com', subject: 'Primero', text: 'Hola' });
    await ctx.app.mail.send({
      to: 'vecina@example.com',
      subject: 'Restablece tu contraseña',
      text: 'Abre http://localhost:3000/reset-pass?token=abc',
    });
    await ctx.app.mail.send({ to: 'otro@example.com', subject: 'Otro', text: 'No es para ella' });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?to=VECINA@example.com' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: { subject: string; channel: string }[] };
    expect(data.map((item) => item.subject)).toEqual(['Restablece tu contraseña', 'Primero']);
    expect(data[0]?.channel).toBe('email');
  });

  it('shows messages as a page with clickable links and escaped markup', async () => {
    await ctx.app.mail.send({
      to: 'html@example.com',
      subject: '<script>alert(1)</script>',
      text: 'Enlace: http://localhost:3000/account_recovery?t=xyz',
    });
    const page = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox?to=html@example.com' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('<a href="http://localhost:3000/account_recovery?t=xyz">');
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
