import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailSender } from './smtp-mail-sender';

type Received = { from: string; to: string[]; raw: string };

describe('SMTP mail sender against a real local SMTP server', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers subject, text and recipients through SMTP', async () => {
    const sender = createSmtpMailSender({
      url: `smtp://127.0.0.1:${port}`,
      from: 'Plataforma <no-responder@example.com>',
    });
    await sender.send({
      to: 'vecino@example.com',
      subject: 'Alerta de nuevo dispositivo',
      text: 'Se inició sesión desde un dispositivo nuevo.',
    });
    await sender.close();

    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['vecino@example.com']);
    expect(received[0]?.from).toBe('no-responder@example.com');
    expect(received[0]?.raw).toContain('Subject: Alerta de nuevo dispositivo');
    expect(received[0]?.raw).toContain('dispositivo nuevo.');
  });

  it('reports a failure when the server cannot be reached', async () => {
    const sender = createSmtpMailSender({ url: 'smtp://127.0.0.1:1', from: 'x@example.com' });
    await expect(sender.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
    await sender.close();
  });
});
