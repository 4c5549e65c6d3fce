import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../testing/test-app';

describe('demo mailbox', () => {
  const ctx = useTestApp();

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

  it('answers 404 when demo mode is off, even to this machine', async () => {
    const off = await createTestApp({ env: { DEMO_MODE: '0' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('answers 404 to another host, whatever X-Forwarded-For claims', async () => {
    for (const url of ['/api/dev/outbox', '/dev/mailbox']) {
      const remote = await ctx.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(404);
      const spoofed = await ctx.app.inject({
        method: 'GET',
        url,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
    }
  });

  it('answers 404 to another host behind a trusted proxy too', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const response = await proxied.app.inject({
        method: 'GET',
        url: '/dev/mailbox',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('answers any host when DEMO_MODE=1 was set on purpose', async () => {
    const explicit = await createTestApp({ env: { DEMO_MODE: '1', HOST: '0.0.0.0' } });
    try {
      const response = await explicit.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '203.0.113.9',
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await explicit.close();
    }
  });
});
