import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { flowSimulatorPayments } from '../../db/schema';

export type SimulatedPayment = typeof flowSimulatorPayments.$inferSelect;

/** Returns null when the commerce order was already used (Flow refuses a repeated one). */
export async function insertSimulatedPayment(
  db: Database,
  values: Omit<typeof flowSimulatorPayments.$inferInsert, 'flowOrder' | 'status' | 'createdAt'>,
): Promise<SimulatedPayment | null> {
  const [row] = await db
    .insert(flowSimulatorPayments)
    .values(values)
    .onConflictDoNothing({ target: flowSimulatorPayments.commerceOrder })
    .returning();
  return row ?? null;
}

export async function findSimulatedPayment(db: Database, token: string): Promise<SimulatedPayment | null> {
  const [row] = await db.select().from(flowSimulatorPayments).where(eq(flowSimulatorPayments.token, token));
  return row ?? null;
}

/** Settles a pending payment once; a second press (or a second tab) changes nothing. */
export async function settleSimulatedPayment(
  db: Database,
  token: string,
  outcome: { status: 2 | 3; paymentMedia: string | null; paymentDate: string | null },
): Promise<void> {
  await db
    .update(flowSimulatorPayments)
    .set(outcome)
    .where(and(eq(flowSimulatorPayments.token, token), eq(flowSimulatorPayments.status, 1)));
}
