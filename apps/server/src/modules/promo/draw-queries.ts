import { and, eq, isNull } from 'drizzle-orm';
import { type Database } from '../../db/client';
import { promoDraws, type PublishedEntry } from '../../db/schema';

/** The campaign's one draw row. */
const DRAW_ID = 1;

export type DrawRow = typeof promoDraws.$inferSelect;

export async function currentDraw(db: Database): Promise<DrawRow | undefined> {
  const [row] = await db.select().from(promoDraws).where(eq(promoDraws.id, DRAW_ID));
  return row;
}

export type NewDraw = {
  seed: string;
  commitment: string;
  listHash: string;
  eligible: PublishedEntry[];
  scheduledAt: Date;
  publishedBy: number;
};

/** Publishes the draw; undefined when it already was (by this call's twin, maybe). */
export async function insertDraw(db: Database, draw: NewDraw): Promise<DrawRow | undefined> {
  const [row] = await db
    .insert(promoDraws)
    .values({ id: DRAW_ID, ...draw })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Stores the result once: undefined when the draw had already run. */
export async function recordDrawResult(
  db: Database,
  result: { order: number[]; drawnBy: number; drawnAt: Date },
): Promise<DrawRow | undefined> {
  const [row] = await db
    .update(promoDraws)
    .set(result)
    .where(and(eq(promoDraws.id, DRAW_ID), isNull(promoDraws.drawnAt)))
    .returning();
  return row;
}
