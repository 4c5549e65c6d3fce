import { asc, eq } from 'drizzle-orm';
import type { Speciality } from '@seguridad/contracts/http/company';
import { QUICK_EXIT } from '@seguridad/contracts/constants';
import type { Database } from '../../db/client';
import { companies, specialities, type WorkingHoursSlot } from '../../db/schema';

/** What the widget's routes need to know about the company behind a key. */
export type CompanyContext = {
  id: number;
  name: string;
  inboxEmail: string;
  callBackEnabled: boolean;
  videoCallEnabled: boolean;
  videoMailEnabled: boolean;
  workingHours: WorkingHoursSlot[];
  allowedOrigins: string[];
  quickExitUrl: string | null;
};

/** Where Salida rápida takes this company's citizens (decision 060). */
export function quickExitUrlOf(company: Pick<CompanyContext, 'quickExitUrl'>): string {
  return company.quickExitUrl ?? QUICK_EXIT.defaultUrl;
}

/**
 * The company the seed created first: the tenant that runs the promotion's draw and that new
 * security-network invitations belong to.
 */
export async function defaultCompanyId(db: Database): Promise<number | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  return row?.id;
}

/**
 * The default company's widget key: the company of the product's own website, whose drawer asks on
 * its behalf (decision 055). Read at run time, so a rotated key or a first company needs no rebuild.
 */
export async function defaultCompanyKey(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ key: companies.publicKey })
    .from(companies)
    .orderBy(asc(companies.id))
    .limit(1);
  return row?.key;
}

/** Every company's name and widget key, for the start-up banner. */
export async function companyKeys(db: Database): Promise<{ name: string; key: string }[]> {
  return db
    .select({ name: companies.name, key: companies.publicKey })
    .from(companies)
    .orderBy(asc(companies.id));
}

export async function companyByPublicKey(db: Database, key: string): Promise<CompanyContext | undefined> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      inboxEmail: companies.inboxEmail,
      callBackEnabled: companies.callBackEnabled,
      videoCallEnabled: companies.videoCallEnabled,
      videoMailEnabled: companies.videoMailEnabled,
      workingHours: companies.workingHours,
      allowedOrigins: companies.allowedOrigins,
      quickExitUrl: companies.quickExitUrl,
    })
    .from(companies)
    .where(eq(companies.publicKey, key))
    .limit(1);
  return row;
}

/** The launcher the loader draws on a company's site; undefined for an unknown key. */
export async function launcherByPublicKey(
  db: Database,
  key: string,
): Promise<{ launcher_color: string; launcher_label: string } | undefined> {
  const [row] = await db
    .select({ launcher_color: companies.launcherColor, launcher_label: companies.launcherLabel })
    .from(companies)
    .where(eq(companies.publicKey, key))
    .limit(1);
  return row;
}

/** The company's specialities in the order its admins set. */
export async function specialitiesOf(db: Database, companyId: number): Promise<Speciality[]> {
  return db
    .select({ id: specialities.id, name: specialities.name })
    .from(specialities)
    .where(eq(specialities.companyId, companyId))
    .orderBy(asc(specialities.position), asc(specialities.id));
}

/** Every company with what decides whether it should have an operator online now. */
export async function companiesWithHours(db: Database) {
  return db
    .select({
      id: companies.id,
      videoCallEnabled: companies.videoCallEnabled,
      workingHours: companies.workingHours,
    })
    .from(companies);
}

/** The company's name, as citizens read it in what it sends them. */
export async function companyNameOf(db: Database, companyId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name;
}
