import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { countedFlowClient } from '../../integrations/flow/counted-flow-client';
import { createFlowClient } from '../../integrations/flow/flow-client';
import { countedMailSender } from '../../integrations/mail/counted-mail-sender';
import type { MailSender } from '../../integrations/mail/mail-sender';
import { countedStorage } from '../../integrations/storage/counted-storage';
import { createLocalFileStorage } from '../../integrations/storage/local-file-storage';
import { countedVerificationProvider } from '../../integrations/verification/counted-verification-provider';
import type { VerificationProvider } from '../../integrations/verification/verification-provider';
import { sampleValue } from '../../testing/metrics-text';
import { createServerMetrics } from './server-metrics';

/** Each integration counted where the server decorates it, whatever engine is behind it. */
describe('counted integrations', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('counts stored upload bytes, and uploads refused for their size or cut off', async () => {
    const metrics = createServerMetrics();
    const root = mkdtempSync(path.join(tmpdir(), 'counted-storage-'));
    directories.push(root);
    const storage = countedStorage(createLocalFileStorage(root, { maxWriteMs: 5_000 }), metrics);

    await storage.write(Readable.from([Buffer.alloc(1000)]), { extension: 'webm', maxBytes: 2000 });
    const key = storage.newKey('webm');
    await storage.putPiece(key, 0, Readable.from([Buffer.alloc(500)]), { maxBytes: 2000 });
    await expect(
      storage.write(Readable.from([Buffer.alloc(3000)]), { extension: 'webm', maxBytes: 2000 }),
    ).rejects.toThrow();
    const cutOff = new Readable({
      read() {
        this.destroy(new Error('la conexión se cortó'));
      },
    });
    await expect(storage.write(cutOff, { extension: 'webm', maxBytes: 2000 })).rejects.toThrow();

    const text = await metrics.registry.metrics();
    expect(sampleValue(text, 'seguridad_upload_bytes_total')).toBe(1500);
    expect(sampleValue(text, 'seguridad_upload_failures_total', { reason: 'too_large' })).toBe(1);
    expect(sampleValue(text, 'seguridad_upload_failures_total', { reason: 'error' })).toBe(1);
    expect(await storage.pieces(key)).toEqual([{ index: 0, bytes: 500 }]);
  });

  it('counts mails and codes sent, and those the provider failed, by channel', async () => {
    const metrics = createServerMetrics();
    let smtpUp = true;
    // What stands outside: an SMTP server and Twilio, up or down.
    const smtp: MailSender = {
      kind: 'smtp',
      send: async () => {
        if (!smtpUp) throw new Error('ECONNREFUSED');
      },
      close: async () => {},
    };
    const twilio: VerificationProvider = {
      kind: 'twilio',
      send: async ({ channel }) => {
        if (channel === 'whatsapp') throw new Error('Twilio 503');
        return { codeHash: null };
      },
      check: async () => true,
    };
    const mail = countedMailSender(smtp, metrics);
    const codes = countedVerificationProvider(twilio, metrics);
    await mail.send({ to: 'a@example.com', subject: 'Hola', text: 'Hola' });
    smtpUp = false;
    await expect(mail.send({ to: 'a@example.com', subject: 'Hola', text: 'Hola' })).rejects.toThrow();
    await codes.send({ phone: '+56911111111', channel: 'sms' });
    await expect(codes.send({ phone: '+56911111111', channel: 'whatsapp' })).rejects.toThrow();
    expect(await codes.check({ phone: '+56911111111', code: '123456' })).toBe(true);

    const text = await metrics.registry.metrics();
    expect(sampleValue(text, 'seguridad_messages_sent_total', { channel: 'mail' })).toBe(1);
    expect(sampleValue(text, 'seguridad_message_send_failures_total', { channel: 'mail' })).toBe(1);
    expect(sampleValue(text, 'seguridad_messages_sent_total', { channel: 'sms' })).toBe(1);
    expect(sampleValue(text, 'seguridad_message_send_failures_total', { channel: 'sms' })).toBe(0);
    expect(sampleValue(text, 'seguridad_message_send_failures_total', { channel: 'whatsapp' })).toBe(1);
  });

  it('counts calls to Flow that got no usable answer, by why', async () => {
    const metrics = createServerMetrics();
    let answer: () => Promise<{ status: number; body: string }> = async () => ({ status: 200, body: '{}' });
    const flow = countedFlowClient(
      createFlowClient({
        kind: 'flow',
        apiUrl: 'https://sandbox.flow.cl/api',
        apiKey: 'clave',
        secretKey: 'secreto',
        timeoutMs: 1_000,
        transport: () => answer(),
      }),
      metrics,
    );
    answer = async () => ({ status: 401, body: '{"code":105,"message":"No services available"}' });
    await expect(flow.getStatus('token')).rejects.toThrow();
    answer = async () => {
      throw new Error('ENOTFOUND sandbox.flow.cl');
    };
    await expect(flow.getStatus('token')).rejects.toThrow();
    await expect(flow.getStatus('token')).rejects.toThrow();

    const text = await metrics.registry.metrics();
    expect(sampleValue(text, 'seguridad_flow_errors_total', { kind: 'refused' })).toBe(1);
    expect(sampleValue(text, 'seguridad_flow_errors_total', { kind: 'network' })).toBe(2);
  });
});
