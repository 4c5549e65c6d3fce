import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { insertCompany, newCompanyKey } from '../db/seed/seed';
import type { MailSender } from '../integrations/mail/mail-sender';
import { AppError } from '../lib/app-error';
import { recordAudit } from '../modules/audit/audit-service';
import {
  companyByKey,
  listCompanies,
  replaceCompanyKey,
  setInboxEmail,
} from '../modules/staff/company-admin-queries';
import { inviteStaff, normalEmail } from '../modules/staff/invitation-service';
import type { StaffRole } from '../modules/staff/staff-queries';

/** The verbs of `npm run admin` that work on companies and staff (docs/operations.md). */
export const COMPANY_VERBS = [
  'company:create',
  'company:list',
  'company:rotate-key',
  'staff:invite',
] as const;
export type CompanyVerb = (typeof COMPANY_VERBS)[number];

export function isCompanyVerb(verb: string | undefined): verb is CompanyVerb {
  return (COMPANY_VERBS as readonly string[]).includes(verb ?? '');
}

export const COMPANY_USAGE = [
  'Uso / Usage:',
  '  npm run admin -- company:create --name "Central Regional" [--origin https://sitio.cl]… [--inbox-email central@sitio.cl]',
  '  npm run admin -- company:list',
  '  npm run admin -- company:rotate-key --company-key pk_…',
  '  npm run admin -- staff:invite --company-key pk_… --email persona@sitio.cl --role admin|supervisor|operator [--speciality ID]…',
  '  npm run admin -- retention:run [--at 2027-07-01T00:00:00Z]',
  '  npm run admin -- storage:migrate',
].join('\n');

export type CommandOutput = { out(line: string): void; err(line: string): void };

export type CompanyCommandDeps = {
  db: Database;
  mail: MailSender;
  config: Pick<AppConfig, 'publicBaseUrl' | 'brandName'>;
  /** A running server forgets its cached keys at once (the command runs inside it on PGlite). */
  onKeyRotated?: () => void;
};

const ROLE_NAMES: Record<string, StaffRole> = {
  admin: 'admin',
  administrador: 'admin',
  supervisor: 'supervisor',
  operator: 'operator',
  operador: 'operator',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A bad argument: the command prints it with the usage and exits 2, having changed nothing. */
class UsageError extends Error {}

function required(value: string | undefined, option: string): string {
  const trimmed = value?.trim();
  if (!trimmed) throw new UsageError(`Falta --${option} / Missing --${option}`);
  return trimmed;
}

function originOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--origin no es una dirección válida / is not a valid URL: ${value}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
    throw new UsageError(
      `--origin debe ser un origen como https://sitio.cl, sin ruta / must be an origin such as https://sitio.cl, without a path: ${value}`,
    );
  }
  return url.origin;
}

function emailOf(value: string | undefined, option: string): string {
  const email = normalEmail(required(value, option));
  if (!EMAIL_PATTERN.test(email) || email.length > 254) {
    throw new UsageError(`--${option} no es un correo válido / is not a valid e-mail: ${email}`);
  }
  return email;
}

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<
      string,
      string | string[] | undefined
    >;
  } catch (error) {
    throw new UsageError(`Argumentos no válidos / Invalid arguments: ${(error as Error).message}`);
  }
}

async function companyOfKey(db: Database, key: string | undefined) {
  const companyKey = required(key, 'company-key');
  const company = await companyByKey(db, companyKey);
  if (!company) {
    throw new UsageError(
      `No hay ninguna empresa con esa company-key / No company has that key: ${companyKey}`,
    );
  }
  return { ...company, key: companyKey };
}

async function companyCreate(deps: CompanyCommandDeps, args: string[], output: CommandOutput) {
  const values = parse(args, {
    name: { type: 'string' },
    origin: { type: 'string', multiple: true },
    'inbox-email': { type: 'string' },
  });
  const name = required(values.name as string | undefined, 'name');
  if (name.length > 120) throw new UsageError('--name es demasiado largo / is too long (120)');
  const origins = [...new Set(((values.origin as string[] | undefined) ?? []).map(originOf))];
  const inbox = values['inbox-email'] ? emailOf(values['inbox-email'] as string, 'inbox-email') : '';
  const company = await deps.db.transaction((tx) =>
    insertCompany(tx, { name, publicKey: newCompanyKey(), inboxEmail: inbox, allowedOrigins: origins }),
  );
  const created = await companyByKey(deps.db, company.publicKey);
  await recordAudit(deps.db, {
    companyId: created!.id,
    actorUserId: null,
    action: 'company.create',
    subjectKind: 'company',
    subjectId: created!.id,
    details: { name, origins, via: 'admin-command' },
  });
  output.out(`Empresa creada / Company created: "${name}"`);
  output.out(`company-key: ${company.publicKey}`);
  return 0;
}

async function companyList(deps: CompanyCommandDeps, args: string[], output: CommandOutput) {
  parse(args, {});
  const rows = await listCompanies(deps.db);
  if (rows.length === 0) output.out('No hay empresas / No companies.');
  for (const row of rows) output.out(`${row.id}\t${row.publicKey}\t${row.name}`);
  return 0;
}

async function companyRotateKey(deps: CompanyCommandDeps, args: string[], output: CommandOutput) {
  const values = parse(args, { 'company-key': { type: 'string' } });
  const company = await companyOfKey(deps.db, values['company-key'] as string | undefined);
  const newKey = newCompanyKey();
  if (!(await replaceCompanyKey(deps.db, company.key, newKey))) {
    throw new UsageError('La company-key ya cambió / The key changed meanwhile: run company:list');
  }
  deps.onKeyRotated?.();
  await recordAudit(deps.db, {
    companyId: company.id,
    actorUserId: null,
    action: 'company.rotate_key',
    subjectKind: 'company',
    subjectId: company.id,
    details: { via: 'admin-command', oldKeyEnd: company.key.slice(-4), newKeyEnd: newKey.slice(-4) },
  });
  output.out(
    `Nueva company-key de / New company key of "${company.name}" (la anterior ya no sirve / the old one no longer works):`,
  );
  output.out(`company-key: ${newKey}`);
  return 0;
}

async function staffInvite(deps: CompanyCommandDeps, args: string[], output: CommandOutput) {
  const values = parse(args, {
    'company-key': { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    speciality: { type: 'string', multiple: true },
  });
  const roleName = required(values.role as string | undefined, 'role').toLowerCase();
  const role = ROLE_NAMES[roleName];
  if (!role) {
    throw new UsageError(`Rol desconocido / Unknown role: ${roleName} (admin, supervisor, operator)`);
  }
  const email = emailOf(values.email as string | undefined, 'email');
  const specialityIds = ((values.speciality as string[] | undefined) ?? []).map((id) => {
    if (!/^[1-9]\d{0,9}$/.test(id))
      throw new UsageError(`--speciality debe ser un id / must be an id: ${id}`);
    return Number(id);
  });
  const company = await companyOfKey(deps.db, values['company-key'] as string | undefined);
  const invitation = await inviteStaff(deps, {
    companyId: company.id,
    email,
    role,
    specialityIds,
    invitedBy: null,
  });
  // A company made without an inbox sends its contact messages to its first administrator.
  if (!company.inboxEmail && role === 'admin') await setInboxEmail(deps.db, company.id, email);
  output.out(
    `Invitación enviada a / Invitation sent to ${email} (${role}), válida hasta / valid until ${invitation.expiresAt.toISOString()}:`,
  );
  output.out(invitation.link);
  return 0;
}

const HANDLERS: Record<
  CompanyVerb,
  (deps: CompanyCommandDeps, args: string[], output: CommandOutput) => Promise<number>
> = {
  'company:create': companyCreate,
  'company:list': companyList,
  'company:rotate-key': companyRotateKey,
  'staff:invite': staffInvite,
};

/**
 * Runs one company or staff verb; returns the exit code: 0 done, 2 bad arguments (nothing
 * changed), 1 refused or failed (the reason printed).
 */
export async function runCompanyCommand(
  verb: CompanyVerb,
  args: string[],
  deps: CompanyCommandDeps,
  output: CommandOutput,
): Promise<number> {
  try {
    return await HANDLERS[verb](deps, args, output);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(error.message);
      output.err(COMPANY_USAGE);
      return 2;
    }
    if (error instanceof AppError) {
      output.err(`${error.message} (${error.error})`);
      return 1;
    }
    output.err(`Error: ${(error as Error).message}`);
    return 1;
  }
}
