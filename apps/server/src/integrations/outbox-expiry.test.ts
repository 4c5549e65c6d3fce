import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema';
import { latestMessageTo, newSession } from '../testing/accounts';
import { capturedLog, LOG_LEVEL_WARN } from '../testing/captured-log';
import { createTestApp, openTestDatabase, useTestApp } from '../testing/test-app';
import { blankExpiredOutboxSecrets, EXPIRED_OUTBOX_TEXT } from './outbox-queries';

const MINUTE_MS = 60 * 1000;
const minutesFrom = (start: number, minutes: number) => new Date(start + minutes * MINUTE_MS);

describe('the outbox keeps no link or code past its end', () => {
  const ctx = useTestApp();

  async function messageById(id: number) {
    const [row] = await ctx.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    return row!;
  }

  it('blanks a password reset link once its hour is over, not before', async () => {
    const email = 'olvido@example.com';
    await newSession(ctx, email);
    const sentAt = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resetpassrequest',
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const sent = (await latestMessageTo(ctx, email))!;
    expect(sent.text).toMatch(/reset-pass\?token=/);

    await blankExpiredOutboxSecrets(ctx.database.db, minutesFrom(sentAt, 59));
    expect((await messageById(sent.id)).text).toBe(sent.text);

    await blankExpiredOutboxSecrets(ctx.database.db, minutesFrom(sentAt, 61));
    const blanked = await messageById(sent.id);
    expect(blanked.text).toBe(EXPIRED_OUTBOX_TEXT);
    expect(blanked.html).toBeNull();
    // Who was written to, and about what, stays: only the secret goes.
    expect(blanked).toMatchObject({ recipient: email, subject: sent.subject });
  });

  it('blanks a verification code after its 10 minutes', async () => {
    const phone = '+56911112222';
    const sentAt = Date.now();
    await ctx.app.verification.send({ phone, channel: 'sms' });
    const sent = (await latestMessageTo(ctx, phone))!;
    expect(sent.text).toMatch(/\b\d{6}\b/);
    await blankExpiredOutboxSecrets(ctx.database.db, minutesFrom(sentAt, 9));
    expect((await messageById(sent.id)).text).toBe(sent.text);
    await blankExpiredOutboxSecrets(ctx.database.db, minutesFrom(sentAt, 11));
    expect((await messageById(sent.id)).text).not.toMatch(/\d{6}/);
  });

  it('leaves a message that carries no secret as it was', async () => {
    await ctx.app.mail.send({ to: 'aviso@example.com', subject: 'Aviso', text: 'Tu plan se renovó.' });
    const sent = (await latestMessageTo(ctx, 'aviso@example.com'))!;
    await blankExpiredOutboxSecrets(ctx.database.db, minutesFrom(Date.now(), 365 * 24 * 60));
    expect((await messageById(sent.id)).text).toBe('Tu plan se renovó.');
  });
});

describe('a production server that cannot send says so', () => {
  async function started(env: Record<string, string>) {
    const log = capturedLog();
    const database = await openTestDatabase();
    const ctx = await createTestApp({ env, database, logger: { level: 'warn', stream: log.stream } });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.close();
    await database.close();
    const warnings = log.lines.filter((line) => line.level === LOG_LEVEL_WARN).map((line) => line.msg ?? '');
    return { health: health.json(), warnings };
  }
  const production = { NODE_ENV: 'production', DEMO_MODE: '0' };
  const twilio = {
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: 'token-de-prueba',
    TWILIO_VERIFY_SERVICE_SID: 'VA00000000000000000000000000000000',
  };

  it('in production without SMTP nor Twilio: a warning for each, and health lists both', async () => {
    const { health, warnings } = await started(production);
    expect(health.degraded).toEqual(['mail', 'sms']);
    expect(health.status).toBe('ok');
    expect(warnings.some((line) => line.startsWith('mail is off'))).toBe(true);
    expect(warnings.some((line) => line.startsWith('SMS is off'))).toBe(true);
  });

  it('names only what is missing', async () => {
    const { health, warnings } = await started({ ...production, ...twilio });
    expect(health.degraded).toEqual(['mail']);
    expect(warnings.some((line) => line.startsWith('SMS is off'))).toBe(false);
  });

  it('says nothing in a demo or outside production', async () => {
    const envs: Record<string, string>[] = [{ NODE_ENV: 'production', DEMO_MODE: '1' }, { NODE_ENV: 'test' }];
    for (const env of envs) {
      const { health, warnings } = await started(env);
      expect(health.degraded).toBeUndefined();
      expect(warnings.some((line) => / is off:/.test(line))).toBe(false);
    }
  });
});
