import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videoMails } from '../db/schema';
import { otherCompany } from '../testing/calls';
import { useTestApp } from '../testing/test-app';
import { retentionInstantOf, retentionRunCommand } from './retention-command';
import { insertVideoMail } from '../testing/widget';

/** `npm run admin -- retention:run [--at …]` (decision 041). */
describe('retention:run', () => {
  const ctx = useTestApp({ env: { DATA_DIR: `/tmp/retention-command-${process.pid}-${Date.now()}` } });

  async function run(args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await retentionRunCommand({ db: ctx.database.db, storage: ctx.app.storage }, args, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const videoMailAt = (companyId: number, createdAt: Date) => insertVideoMail(ctx, { companyId, createdAt });

  it('reads --at as an ISO instant, or runs as of now', () => {
    const now = new Date('2026-12-01T03:00:00Z');
    expect(retentionInstantOf([], now)).toBe(now);
    expect(retentionInstantOf(['--at', '2027-07-01T00:00:00Z'])).toEqual(new Date('2027-07-01T00:00:00Z'));
    expect(retentionInstantOf(['--at=2027-07-01'])).toEqual(new Date('2027-07-01T00:00:00Z'));
    expect(retentionInstantOf(['--at', '2027-07-01T00:00:00-04:00'])).toEqual(
      new Date('2027-07-01T04:00:00Z'),
    );
  });

  it.each([
    [['--at', 'mañana'], /--at debe ser una fecha ISO 8601/],
    [['--at', '2027-07-01T00:00'], /--at debe ser una fecha ISO 8601/],
    [['--at', '2027-13-45'], /--at debe ser una fecha ISO 8601/],
    [['--at'], /Argumentos no válidos/],
    [['--desde', '2027-07-01'], /Argumentos no válidos/],
    [['2027-07-01'], /Argumentos no válidos/],
  ])('refuses %j with the reason and the usage, deleting nothing', async (args, reason) => {
    const { id: companyId } = await otherCompany(
      ctx,
      `retencion-args-${Math.random().toString(36).slice(2, 8)}`,
    );
    const mail = await videoMailAt(companyId, new Date('2020-01-01T00:00:00Z'));
    const key = mail.videoKey;
    const result = await run(args);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(reason);
    expect(result.err).toContain('retention:run [--at');
    expect(result.out).toBe('');
    expect(await ctx.database.db.select().from(videoMails).where(eq(videoMails.id, mail.id))).toHaveLength(1);
    expect(await ctx.app.storage.size(key)).toBe(5);
  });

  it('deletes what is past its period as of --at and says what', async () => {
    const { id: companyId } = await otherCompany(ctx, 'retencion-comando');
    const mail = await videoMailAt(companyId, new Date('2027-01-01T00:00:00Z'));
    const key = mail.videoKey;
    const before = await run(['--at', '2027-06-01T00:00:00Z']);
    expect(before.code).toBe(0);
    expect(await ctx.database.db.select().from(videoMails).where(eq(videoMails.id, mail.id))).toHaveLength(1);

    const after = await run(['--at', '2027-07-01T00:00:00Z']);
    expect(after.code).toBe(0);
    expect(after.out).toContain('Retención al / Retention as of 2027-07-01T00:00:00.000Z:');
    expect(after.out).toMatch(/video_mails\t\d+\tVideo mails y sus miniaturas/);
    expect(await ctx.database.db.select().from(videoMails).where(eq(videoMails.id, mail.id))).toEqual([]);
    expect(await ctx.app.storage.size(key)).toBeUndefined();
  });
});
