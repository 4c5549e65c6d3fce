import { and, asc, eq } from 'drizzle-orm';
import type { CheckoutPlan, Commune, Region } from '@seguridad/contracts/http/payments';
import type { Database } from '../../db/client';
import { communes, plans, regions } from '../../db/schema';

export async function findPlan(db: Database, planId: number): Promise<CheckoutPlan | null> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  return plan ? { id: plan.id, name: plan.name, price: plan.priceClp, description: plan.description } : null;
}

export async function regionsOf(db: Database, countryId: number): Promise<Region[]> {
  return db
    .select({ id: regions.id, region: regions.name })
    .from(regions)
    .where(eq(regions.countryId, countryId))
    .orderBy(asc(regions.id));
}

export async function communesOf(db: Database, regionId: number): Promise<Commune[]> {
  return db
    .select({ id: communes.id, comuna: communes.name })
    .from(communes)
    .where(eq(communes.regionId, regionId))
    .orderBy(asc(communes.name));
}

/** The region and commune names, when the commune belongs to the region; null otherwise. */
export async function regionAndCommune(
  db: Database,
  regionId: number,
  communeId: number,
): Promise<{ region: string; comuna: string } | null> {
  const [row] = await db
    .select({ region: regions.name, comuna: communes.name })
    .from(communes)
    .innerJoin(regions, eq(regions.id, communes.regionId))
    .where(and(eq(communes.id, communeId), eq(communes.regionId, regionId)));
  return row ?? null;
}

export async function regionExists(db: Database, regionId: number): Promise<boolean> {
  const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.id, regionId));
  return Boolean(row);
}
