import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { PLAN_BASICO } from '@seguridad/contracts/constants';
import { hashPassword } from '../../lib/password';
import type { Database } from '../client';
import {
  communes,
  companies,
  companyMembers,
  drawWinners,
  operatorAvailability,
  plans,
  regions,
  specialities,
  users,
  type WorkingHoursSlot,
} from '../schema';
import { CHILE_COUNTRY_ID, chileRegions } from './chile-territory';
import { publishedWinners } from './published-winners';
import { seedDemoWheelAttempts, seedWheelOptions } from './wheel-options';

export const DEV_ACCOUNTS = {
  operator: { email: 'operador@example.com', name: 'Olga', lastname: 'Operadora' },
  citizen: { email: 'ciudadano@example.com', name: 'Camilo', lastname: 'Ciudadano' },
} as const;

const SPECIALITY_NAMES = ['General', 'Seguridad Ciudadana', 'Violencia Intrafamiliar', 'Orientación Legal'];

/** The call centre answers every day, all day; each company can narrow this from the console. */
const ALWAYS_OPEN: WorkingHoursSlot[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  open: '00:00',
  close: '24:00',
}));

const PLAN_BASICO_FEATURES = [
  'Aplicación móvil y smartband',
  'Mediciones manuales y automáticas tipo Holter',
  'Electrocardiograma con interpretación por inteligencia artificial',
  'Historial de mediciones en la aplicación y en el portal web',
  'Red personal de seguridad y emergencia (5 usuarios)',
];

/** A new company key: `pk_` and 24 random characters. */
export function newCompanyKey(): string {
  return `pk_${randomBytes(18).toString('base64url')}`;
}

/**
 * A company with what it needs to take calls at once: the default specialities and every hour
 * open. The seed and the operations command (`company:create`) both make companies this way.
 */
export async function insertCompany(
  db: Database,
  company: { name: string; publicKey: string; inboxEmail: string; allowedOrigins: string[] },
): Promise<{ id: number; publicKey: string }> {
  const [created] = await db
    .insert(companies)
    .values({ ...company, workingHours: ALWAYS_OPEN })
    .returning({ id: companies.id, publicKey: companies.publicKey });
  if (!created) throw new Error('company insert returned nothing');
  await db
    .insert(specialities)
    .values(SPECIALITY_NAMES.map((name, position) => ({ companyId: created.id, name, position })));
  return created;
}

export type SeedOptions = {
  /**
   * The company a first start creates. Only a demo or development start passes one: a production
   * start creates no company of its own, the operations command (`company:create`) does.
   */
  company:
    { key: string | undefined; name: string; inboxEmail: string; allowedOrigins?: string[] } | undefined;
  /** Dev accounts are created only outside production. */
  devAccounts: { operatorPassword: string; citizenPassword: string } | undefined;
};

export type SeedOutcome = {
  seeded: boolean;
  devAccounts: { email: string; password: string; role: string }[];
};

/**
 * What every database needs whether or not it has a company: the plan, the territory, the draw's
 * published history and the wheel. Each part is written only where it is missing, so running it
 * again (another process, a restart, the operations command) changes nothing.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await seedWheelOptions(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(plans)
      .values({
        id: PLAN_BASICO.id,
        name: PLAN_BASICO.name,
        priceClp: PLAN_BASICO.yearlyPriceClp,
        description: PLAN_BASICO_FEATURES,
      })
      .onConflictDoNothing();
    await tx
      .insert(regions)
      .values(
        chileRegions.map((region) => ({ id: region.id, countryId: CHILE_COUNTRY_ID, name: region.name })),
      )
      .onConflictDoNothing();
    if (await isEmpty(tx, communes)) {
      await tx
        .insert(communes)
        .values(
          chileRegions.flatMap((region) => region.communes.map((name) => ({ regionId: region.id, name }))),
        );
    }
    if (await isEmpty(tx, drawWinners)) {
      await tx
        .insert(drawWinners)
        .values(publishedWinners.map((winner, index) => ({ position: index + 1, ...winner })));
    }
  });
}

async function isEmpty(db: Database, table: typeof communes | typeof drawWinners): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(table);
  return (row?.total ?? 0) === 0;
}

/**
 * Fills a new database with what the product needs to work at once. It runs at every start
 * (under the migration lock, `prepareDatabase`), and creates the company and the demo accounts
 * only while no company exists, so a restart never duplicates or overwrites data.
 */
export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedOutcome> {
  await seedReferenceData(db);
  const firstCompany = options.company;
  if (!firstCompany || !(await isEmptyOfCompanies(db))) return { seeded: false, devAccounts: [] };

  const devPasswords = options.devAccounts;
  const [operatorHash, citizenHash] = devPasswords
    ? await Promise.all([
        hashPassword(devPasswords.operatorPassword),
        hashPassword(devPasswords.citizenPassword),
      ])
    : [undefined, undefined];

  await db.transaction(async (tx) => {
    const company = await insertCompany(tx, {
      name: firstCompany.name,
      publicKey: firstCompany.key ?? newCompanyKey(),
      inboxEmail: firstCompany.inboxEmail,
      allowedOrigins: firstCompany.allowedOrigins ?? [],
    });

    if (operatorHash && citizenHash) {
      const [operator] = await tx
        .insert(users)
        .values({ ...DEV_ACCOUNTS.operator, passwordHash: operatorHash, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      const [citizen] = await tx
        .insert(users)
        .values({ ...DEV_ACCOUNTS.citizen, passwordHash: citizenHash, emailVerifiedAt: new Date() })
        .returning({ id: users.id });
      if (!operator || !citizen) throw new Error('seed: demo account insert returned nothing');
      await seedDemoWheelAttempts(tx, citizen.id);
      await tx.insert(companyMembers).values({ companyId: company.id, userId: operator.id, role: 'admin' });
      // The demo administrator answers the demo's calls: Disponible from the start, as if chosen
      // (an administrator who never chose takes no calls, decision 057).
      const now = new Date();
      await tx.insert(operatorAvailability).values({
        userId: operator.id,
        companyId: company.id,
        state: 'available',
        changedAt: now,
        idleSince: now,
      });
    }
  });

  return {
    seeded: true,
    devAccounts: devPasswords
      ? [
          {
            email: DEV_ACCOUNTS.operator.email,
            password: devPasswords.operatorPassword,
            role: 'operador (admin)',
          },
          { email: DEV_ACCOUNTS.citizen.email, password: devPasswords.citizenPassword, role: 'ciudadano' },
        ]
      : [],
  };
}

async function isEmptyOfCompanies(db: Database): Promise<boolean> {
  const [existing] = await db.select({ total: count() }).from(companies);
  return (existing?.total ?? 0) === 0;
}
