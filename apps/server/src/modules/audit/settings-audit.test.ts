import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditTexts } from '@seguridad/contracts/messages';
import { auditEvents, specialities } from '../../db/schema';
import { postAs, sendAs } from '../../testing/accounts';
import { useTestApp } from '../../testing/test-app';
import { demoOperatorSession } from '../../testing/calls';

/** The company's settings are staff actions the trail keeps (decision 033): who set what, when, from where. */
describe('the audit trail of company settings', () => {
  const ctx = useTestApp();
  let token: string;
  let adminId: number;

  const trail = (action: string) =>
    ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

  beforeAll(async () => {
    ({ token, userId: adminId } = await demoOperatorSession(ctx));
  });

  it('records a settings change with what was set, and nothing for a refused one', async () => {
    const changed = await sendAs(
      ctx,
      token,
      'PATCH',
      '/api/v1/operator/company',
      { video_mail: false, allowed_origins: ['https://www.region.example'] },
      { remoteAddress: '203.0.113.40' },
    );
    expect(changed.statusCode).toBe(200);
    const refused = await sendAs(ctx, token, 'PATCH', '/api/v1/operator/company', { video_mail: 'sí' });
    expect(refused.statusCode).toBe(400);

    const entries = await trail('company.settings_change');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: adminId,
      subjectKind: 'company',
      ip: '203.0.113.40',
      details: { video_mail: false, allowed_origins: ['https://www.region.example'] },
    });
    expect(auditTexts.actionLabel('company.settings_change')).toBe('Cambió la configuración de la central');
  });

  it('records a speciality added and removed', async () => {
    const added = await postAs(ctx, token, '/api/v1/operator/specialities', { name: 'Adulto Mayor' });
    expect(added.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ id: specialities.id })
      .from(specialities)
      .where(and(eq(specialities.name, 'Adulto Mayor')));
    const removed = await sendAs(ctx, token, 'DELETE', `/api/v1/operator/specialities/${row!.id}`);
    expect(removed.statusCode).toBe(200);

    expect(await trail('company.speciality_add')).toMatchObject([
      { actorUserId: adminId, details: { name: 'Adulto Mayor' } },
    ]);
    expect(await trail('company.speciality_remove')).toMatchObject([
      { actorUserId: adminId, subjectKind: 'speciality', subjectId: String(row!.id) },
    ]);
  });
});
