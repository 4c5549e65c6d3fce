import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffTexts } from '@seguridad/contracts/messages';
import { auditEvents, companies, companyMembers, specialities, staffInvitations, users } from '../db/schema';
import type { MailMessage, MailSender } from '../integrations/mail/mail-sender';
import { bearer, newSession, postAs, STRONG_PASSWORD } from '../testing/accounts';
import { useTestApp } from '../testing/test-app';
import { adminSocketPath, forwardToServer, serveAdminSocket } from './admin-socket';
import { runCompanyCommand, type CompanyCommandDeps, type CompanyVerb } from './company-commands';

const run = promisify(execFile);

function capturingMail(): MailSender & { sent: MailMessage[]; failNext: boolean } {
  const mail = {
    kind: 'smtp' as const,
    sent: [] as MailMessage[],
    failNext: false,
    async send(message: MailMessage) {
      if (mail.failNext) {
        mail.failNext = false;
        throw new Error('SMTP 421 try later');
      }
      mail.sent.push(message);
    },
    async close() {},
  };
  return mail;
}

function captured() {
  const lines = { out: [] as string[], err: [] as string[] };
  return {
    lines,
    output: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) },
  };
}

describe('npm run admin: companies and staff', () => {
  const mail = capturingMail();
  const ctx = useTestApp({ mail, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  let deps: CompanyCommandDeps;

  async function admin(verb: CompanyVerb, ...args: string[]) {
    const { lines, output } = captured();
    const code = await runCompanyCommand(verb, args, deps, output);
    return { code, ...lines };
  }
  const companyCount = async () =>
    (await ctx.database.db.select({ total: count() }).from(companies))[0]!.total;
  const keyOf = (lines: string[]) => lines.find((line) => line.startsWith('company-key: '))!.slice(13);
  const codeOf = (link: string) => new URL(link).searchParams.get('code')!;

  beforeAll(async () => {
    deps = {
      db: ctx.database.db,
      mail,
      config: ctx.config,
      onKeyRotated: () => ctx.app.forgetCompanyCache(),
    };
  });

  it('creates a company with its specialities, prints its key, and lists it', async () => {
    const created = await admin(
      'company:create',
      '--name',
      'Central Norte',
      '--origin',
      'https://norte.example.cl',
    );
    expect(created).toMatchObject({ code: 0, err: [] });
    const key = keyOf(created.out);
    expect(key).toMatch(/^pk_[A-Za-z0-9_-]{24}$/);
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.publicKey, key));
    expect(company).toMatchObject({ name: 'Central Norte', allowedOrigins: ['https://norte.example.cl'] });
    const [{ total }] = (await ctx.database.db
      .select({ total: count() })
      .from(specialities)
      .where(eq(specialities.companyId, company!.id))) as [{ total: number }];
    expect(total).toBeGreaterThan(0);
    const response = await ctx.app.inject({
      url: '/api/company/specialities',
      headers: { 'company-key': key },
    });
    expect(response.statusCode).toBe(200);

    const listed = await admin('company:list');
    expect(listed.code).toBe(0);
    expect(listed.out.some((line) => line.includes(key) && line.includes('Central Norte'))).toBe(true);
  });

  it('refuses bad arguments with exit 2 and creates nothing', async () => {
    const before = await companyCount();
    for (const args of [
      [],
      ['--name', '  '],
      ['--name', 'X', '--origin', 'https://x.cl/ruta'],
      ['--name', 'X', '--origin', 'ftp://x.cl'],
      ['--name', 'X', '--colour', 'red'],
      ['--name', 'X', '--inbox-email', 'no-es-correo'],
    ]) {
      const result = await admin('company:create', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err[0]).toMatch(/ \/ /);
    }
    expect(await companyCount()).toBe(before);
    expect((await admin('company:list', '--all')).code).toBe(2);
  });

  it('rotates a key: the old one stops at once, the new one works', async () => {
    const key = keyOf((await admin('company:create', '--name', 'Central Sur')).out);
    expect(
      (await ctx.app.inject({ url: '/api/company/specialities', headers: { 'company-key': key } }))
        .statusCode,
    ).toBe(200);
    const rotated = await admin('company:rotate-key', '--company-key', key);
    expect(rotated.code).toBe(0);
    const newKey = keyOf(rotated.out);
    expect(newKey).not.toBe(key);
    expect(
      (await ctx.app.inject({ url: '/api/company/specialities', headers: { 'company-key': key } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/company/specialities', headers: { 'company-key': newKey } }))
        .statusCode,
    ).toBe(200);
    expect((await admin('company:rotate-key', '--company-key', key)).code).toBe(2);
    expect((await admin('company:rotate-key')).code).toBe(2);
    const [entry] = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'company.rotate_key'));
    expect(entry).toMatchObject({ actorUserId: null, actorLabel: 'sistema', subjectKind: 'company' });
  });

  it('invites the first administrator, who sets a name and password, signs in and is an admin', async () => {
    const key = keyOf((await admin('company:create', '--name', 'Central Este')).out);
    const invited = await admin(
      'staff:invite',
      '--company-key',
      key,
      '--email',
      'Jefa@Este.example.cl',
      '--role',
      'admin',
    );
    expect(invited).toMatchObject({ code: 0, err: [] });
    const link = invited.out.find((line) => line.includes('/equipo/invitacion?code='))!;
    expect(link.startsWith(`${ctx.config.publicBaseUrl}/equipo/invitacion?code=`)).toBe(true);
    const message = mail.sent.at(-1)!;
    expect(message.to).toBe('jefa@este.example.cl');
    expect(message.text).toContain(link);
    expect(message.subject).toContain('Central Este');
    // Only the hash is kept.
    const code = codeOf(link);
    const stored = await ctx.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'jefa@este.example.cl'));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const lookup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/lookup',
      payload: { code },
    });
    expect(lookup.json()).toEqual({
      code: 200,
      company_name: 'Central Este',
      email: 'jefa@este.example.cl',
      role: 'admin',
      account_exists: false,
    });
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/register',
      payload: {
        code,
        name: 'Julia',
        lastname: 'Jefa',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      },
    });
    expect(register.statusCode).toBe(200);
    const token = register.json().access_token as string;
    const membership = await ctx.app.inject({ url: '/api/v1/operator/membership', headers: bearer(token) });
    expect(membership.json()).toMatchObject({ member: true, role: 'admin' });

    // Single use: the same code again, for a lookup or a new account, is refused.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/register',
      payload: {
        code,
        name: 'Otra',
        lastname: 'Vez',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(staffTexts.invitationInvalid);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/staff/invitations/lookup', payload: { code } }))
        .statusCode,
    ).toBe(404);

    // Inviting someone who is already a member is refused and sends nothing.
    const sentBefore = mail.sent.length;
    const member = await admin(
      'staff:invite',
      '--company-key',
      key,
      '--email',
      'jefa@este.example.cl',
      '--role',
      'operator',
    );
    expect(member.code).toBe(1);
    expect(member.err[0]).toContain(staffTexts.alreadyMember);
    expect(mail.sent.length).toBe(sentBefore);
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.publicKey, key));
    expect(company!.inboxEmail).toBe('jefa@este.example.cl');
    const actions = await ctx.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.companyId, company!.id));
    expect(actions.map((row) => row.action)).toEqual([
      'company.create',
      'staff.invite',
      'staff.invitation_accept',
    ]);
  });

  it('refuses an unknown role, a bad e-mail, an unknown key or speciality, and leaves nothing when the mail fails', async () => {
    const key = keyOf((await admin('company:create', '--name', 'Central Oeste')).out);
    const invitations = async () =>
      (await ctx.database.db.select({ total: count() }).from(staffInvitations))[0]!.total;
    const before = await invitations();
    expect(
      (await admin('staff:invite', '--company-key', key, '--email', 'a@b.cl', '--role', 'jefe')).code,
    ).toBe(2);
    expect(
      (await admin('staff:invite', '--company-key', key, '--email', 'a@b', '--role', 'admin')).code,
    ).toBe(2);
    expect(
      (await admin('staff:invite', '--company-key', 'pk_nada', '--email', 'a@b.cl', '--role', 'admin')).code,
    ).toBe(2);
    expect(
      (
        await admin(
          'staff:invite',
          '--company-key',
          key,
          '--email',
          'a@b.cl',
          '--role',
          'admin',
          '--speciality',
          'x',
        )
      ).code,
    ).toBe(2);
    const foreign = await admin(
      'staff:invite',
      '--company-key',
      key,
      '--email',
      'a@b.cl',
      '--role',
      'admin',
      '--speciality',
      '1',
    );
    expect(foreign.code).toBe(1);
    expect(foreign.err[0]).toContain(staffTexts.unknownSpeciality);
    mail.failNext = true;
    const failed = await admin('staff:invite', '--company-key', key, '--email', 'a@b.cl', '--role', 'admin');
    expect(failed.code).toBe(1);
    expect(failed.err[0]).toContain('SMTP 421');
    expect(await invitations()).toBe(before);
  });

  it('lets an existing account sign in and accept; another account, an expired or revoked code cannot', async () => {
    const key = keyOf((await admin('company:create', '--name', 'Central Centro')).out);
    // Their mail goes to the capturing engine, not the outbox: the addresses stay unproven, which a
    // staff invitation does not ask for (the invitation's own link proves the mailbox).
    const citizen = await newSession(ctx, 'vecina.staff@example.com', { verified: false });
    const stranger = await newSession(ctx, 'extrana.staff@example.com', { verified: false });
    const invited = await admin(
      'staff:invite',
      '--company-key',
      key,
      '--email',
      'vecina.staff@example.com',
      '--role',
      'operator',
    );
    const code = codeOf(invited.out.at(-1)!);
    const lookup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/lookup',
      payload: { code },
    });
    expect(lookup.json()).toMatchObject({ account_exists: true, role: 'operator' });
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/register',
      payload: {
        code,
        name: 'Vecina',
        lastname: 'X',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      },
    });
    expect(register.statusCode).toBe(409);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/accept',
      payload: { code },
    });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await postAs(ctx, stranger, '/api/v1/staff/invitations/accept', { code });
    expect(wrong.statusCode).toBe(403);
    const accepted = await postAs(ctx, citizen, '/api/v1/staff/invitations/accept', { code });
    expect(accepted.json()).toEqual({ code: 200, company_name: 'Central Centro', role: 'operator' });
    const membership = await ctx.app.inject({ url: '/api/v1/operator/membership', headers: bearer(citizen) });
    expect(membership.json()).toMatchObject({ member: true, role: 'operator' });

    // An expired code, and one replaced by a newer invitation to the same address.
    const expiring = await admin(
      'staff:invite',
      '--company-key',
      key,
      '--email',
      'tarde@example.com',
      '--role',
      'supervisor',
    );
    await ctx.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, 'tarde@example.com'));
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/lookup',
      payload: { code: codeOf(expiring.out.at(-1)!) },
    });
    expect(late.statusCode).toBe(404);
    const first = await admin(
      'staff:invite',
      '--company-key',
      key,
      '--email',
      'doble@example.com',
      '--role',
      'operator',
    );
    await admin('staff:invite', '--company-key', key, '--email', 'doble@example.com', '--role', 'operator');
    const replaced = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/lookup',
      payload: { code: codeOf(first.out.at(-1)!) },
    });
    expect(replaced.statusCode).toBe(404);
    for (const payload of [{}, { code: 'corto' }, { code: 'x'.repeat(200) }, { code: 'ñ'.repeat(40) }]) {
      const bad = await ctx.app.inject({ method: 'POST', url: '/api/v1/staff/invitations/lookup', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const members = await ctx.database.db
      .select({ total: count() })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(
        and(eq(companyMembers.role, 'operator'), sql`lower(${users.email}) = 'vecina.staff@example.com'`),
      );
    expect(members[0]!.total).toBe(1);
  });

  it('runs inside a server that holds the database, through its socket', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'admin-sock-'));
    const socketPath = adminSocketPath(dir);
    try {
      const { lines, output } = captured();
      expect(await forwardToServer(socketPath, ['company:list'], output)).toBeNull();
      const close = await serveAdminSocket(socketPath, async (argv, out) =>
        runCompanyCommand(argv[0] as CompanyVerb, argv.slice(1), deps, out),
      );
      expect(await forwardToServer(socketPath, ['company:list'], output)).toBe(0);
      expect(lines.out.some((line) => line.includes('Central Norte'))).toBe(true);
      expect(await forwardToServer(socketPath, ['company:create'], output)).toBe(2);
      expect(lines.err[0]).toContain('--name');
      await close();
      expect(await forwardToServer(socketPath, ['company:list'], output)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run admin on a fresh PGlite DATA_DIR, server stopped', () => {
  it('creates the first company with the whole seed, lists it, and exits 2 on a bad verb', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-cli-'));
    const script = new URL('../../scripts/admin.mjs', import.meta.url).pathname;
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'silent',
    };
    delete (env as Record<string, string | undefined>).DATABASE_URL;
    delete (env as Record<string, string | undefined>).SMTP_URL;
    try {
      const created = await run(process.execPath, [script, 'company:create', '--name', 'Central Fresca'], {
        env,
      });
      expect(created.stdout).toMatch(/company-key: pk_/);
      const listed = await run(process.execPath, [script, 'company:list'], { env });
      expect(listed.stdout).toContain('Central Fresca');
      const bad = await run(process.execPath, [script, 'company:delete'], { env }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(bad).toMatchObject({ code: 2 });
      expect((bad as { stderr: string }).stderr).toContain('Unknown command');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
