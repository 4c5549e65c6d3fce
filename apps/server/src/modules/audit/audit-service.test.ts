import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { companies, users } from '../../db/schema';
import { DEV_ACCOUNTS } from '../../db/seed/seed';
import { openTestDatabase } from '../../testing/test-app';
import { listAuditEvents } from './audit-queries';
import { listAudit, recordAudit, SYSTEM_ACTOR_LABEL } from './audit-service';

describe('the audit trail', () => {
  let database: DatabaseHandle;
  let companyId: number;
  let otherCompanyId: number;
  let operatorId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const [company] = await database.db.select({ id: companies.id }).from(companies).limit(1);
    companyId = company!.id;
    const [other] = await database.db
      .insert(companies)
      .values({ name: 'Otra central', publicKey: 'pk_audit_other', inboxEmail: 'otra@example.com' })
      .returning({ id: companies.id });
    otherCompanyId = other!.id;
    const [operator] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEV_ACCOUNTS.operator.email));
    operatorId = operator!.id;
  });
  afterAll(() => database.close());

  it('records who, what, to what, from where and when, naming the actor as they are', async () => {
    const before = Date.now();
    const id = await recordAudit(database.db, {
      companyId,
      actorUserId: operatorId,
      action: 'recording.download',
      subjectKind: 'recording',
      subjectId: 42,
      ip: '203.0.113.9',
      details: { callId: 7 },
    });
    const [entry] = await listAuditEvents(database.db, { companyId, limit: 1 });
    expect(entry).toMatchObject({
      id,
      companyId,
      actorUserId: operatorId,
      actorLabel: `${DEV_ACCOUNTS.operator.name} ${DEV_ACCOUNTS.operator.lastname} <${DEV_ACCOUNTS.operator.email}>`,
      action: 'recording.download',
      subjectKind: 'recording',
      subjectId: '42',
      ip: '203.0.113.9',
      details: { callId: 7 },
    });
    expect(entry!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('names a null actor as the system and keeps no address when none is given', async () => {
    await recordAudit(database.db, {
      companyId,
      actorUserId: null,
      action: 'company.rotate_key',
      subjectKind: 'company',
      subjectId: companyId,
    });
    const [entry] = await listAudit(database.db, { companyId, action: 'company.rotate_key' });
    expect(entry).toMatchObject({ actorUserId: null, actorLabel: SYSTEM_ACTOR_LABEL, ip: null, details: {} });
  });

  it('filters by person, kind, action area and date, newest first, within the company only', async () => {
    const { db } = database;
    const base = { companyId, ip: null };
    await recordAudit(db, {
      ...base,
      actorUserId: operatorId,
      action: 'staff.invite',
      subjectKind: 'invitation',
      subjectId: 'a',
    });
    await recordAudit(db, {
      ...base,
      actorUserId: operatorId,
      action: 'staff.revoke',
      subjectKind: 'invitation',
      subjectId: 'b',
    });
    await recordAudit(db, {
      ...base,
      actorUserId: null,
      action: 'video_mail.open',
      subjectKind: 'video_mail',
      subjectId: 3,
    });
    await recordAudit(db, {
      companyId: otherCompanyId,
      actorUserId: operatorId,
      action: 'staff.invite',
      subjectKind: 'invitation',
      subjectId: 'other',
    });

    const invitations = await listAudit(db, { companyId, subjectKind: 'invitation' });
    expect(invitations.map((entry) => entry.subjectId)).toEqual(['b', 'a']);

    const staff = await listAudit(db, { companyId, action: 'staff.' });
    expect(staff.map((entry) => entry.action)).toEqual(['staff.revoke', 'staff.invite']);
    // A `%` or `_` in the area is literal, not a pattern.
    expect(await listAudit(db, { companyId, action: 'sta_f.' })).toEqual([]);

    const byPerson = await listAudit(db, { companyId, actorUserId: operatorId });
    expect(byPerson.every((entry) => entry.actorUserId === operatorId)).toBe(true);
    expect(byPerson.some((entry) => entry.subjectId === 'other')).toBe(false);

    const future = new Date(Date.now() + 60_000);
    expect(await listAudit(db, { companyId, from: future })).toEqual([]);
    expect((await listAudit(db, { companyId, to: future })).length).toBeGreaterThanOrEqual(5);
    expect(await listAudit(db, { companyId, to: new Date(Date.now() - 3_600_000) })).toEqual([]);

    const [newest, second] = await listAudit(db, { companyId, limit: 2 });
    const [afterNewest] = await listAudit(db, { companyId, beforeId: newest!.id, limit: 1 });
    expect(afterNewest!.id).toBe(second!.id);
  });

  it('keeps an entry, and who made it, after the account is deleted', async () => {
    const [member] = await database.db
      .insert(users)
      .values({ name: 'Beto', lastname: 'Baja', email: 'beto.baja@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    await recordAudit(database.db, {
      companyId,
      actorUserId: member!.id,
      action: 'staff.role_change',
      subjectKind: 'user',
      subjectId: operatorId,
      details: { from: 'operator', to: 'supervisor' },
    });
    await database.db.delete(users).where(eq(users.id, member!.id));
    const [entry] = await listAudit(database.db, { companyId, action: 'staff.role_change' });
    expect(entry).toMatchObject({ actorUserId: null, actorLabel: 'Beto Baja <beto.baja@example.com>' });
  });
});
