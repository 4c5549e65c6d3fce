import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTexts } from '@seguridad/contracts/messages';
import { auditEvents, specialities, users } from '../../db/schema';
import { DEV_ACCOUNTS } from '../../db/seed/seed';
import { bearer, login } from '../../testing/accounts';
import { TEST_PASSWORDS } from '../../testing/test-database';
import { createTestApp, type TestContext } from '../../testing/test-app';

/** The company's settings are staff actions the trail keeps (decision 033): who set what, when, from where. */
describe('the audit trail of company settings', () => {
  let ctx: TestContext;
  let token: string;
  let adminId: number;

  const trail = (action: string) =>
    ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, action));

  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await login(ctx, DEV_ACCOUNTS.operator.email, TEST_PASSWORDS.operator)).json().access_token;
    const [admin] = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEV_ACCOUNTS.operator.email));
    adminId = admin!.id;
  });
  afterAll(() => ctx.close());

  it('records a settings change with what was set, and nothing for a refused one', async () => {
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/operator/company',
      headers: bearer(token),
      payload: { video_mail: false, allowed_origins: ['https://www.region.example'] },
      remoteAddress: '203.0.113.40',
    });
    expect(changed.statusCode).toBe(200);
    const refused = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/operator/company',
      headers: bearer(token),
      payload: { video_mail: 'sí' },
    });
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
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/specialities',
      headers: bearer(token),
      payload: { name: 'Adulto Mayor' },
    });
    expect(added.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select({ id: specialities.id })
      .from(specialities)
      .where(and(eq(specialities.name, 'Adulto Mayor')));
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/operator/specialities/${row!.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);

    expect(await trail('company.speciality_add')).toMatchObject([
      { actorUserId: adminId, details: { name: 'Adulto Mayor' } },
    ]);
    expect(await trail('company.speciality_remove')).toMatchObject([
      { actorUserId: adminId, subjectKind: 'speciality', subjectId: String(row!.id) },
    ]);
  });
});
