import { WHEEL } from '@seguridad/contracts/constants';
import type { Database } from '../client';
import { wheelAccounts, wheelOptions } from '../schema';

type WheelOptionRow = typeof wheelOptions.$inferInsert;

const imageOf = (uid: WheelOptionRow['uid']) => `/wheel/${uid.replace('_', '-')}.svg`;

/**
 * The wheel's 10 sections (decision 016), clockwise from the top: one camera with its stock,
 * mostly extra entries in the camera draw, and two extra spins. The weights add up to 100, so
 * each is the section's chance in percent.
 */
export const DEFAULT_WHEEL_OPTIONS: WheelOptionRow[] = (
  [
    { id: 1, uid: 'camera', amount: 1, weight: 2, stock: 10 },
    { id: 2, uid: 'opportunities', amount: 1, weight: 20, stock: null },
    { id: 3, uid: 'new_spin', amount: 1, weight: 8, stock: null },
    { id: 4, uid: 'opportunities', amount: 2, weight: 15, stock: null },
    { id: 5, uid: 'opportunities', amount: 5, weight: 5, stock: null },
    { id: 6, uid: 'opportunities', amount: 1, weight: 20, stock: null },
    { id: 7, uid: 'new_spin', amount: 1, weight: 8, stock: null },
    { id: 8, uid: 'opportunities', amount: 3, weight: 10, stock: null },
    { id: 9, uid: 'opportunities', amount: 2, weight: 10, stock: null },
    { id: 10, uid: 'opportunities', amount: 10, weight: 2, stock: null },
  ] as const
).map((option) => ({ ...option, imageUrl: imageOf(option.uid) }));

/**
 * Writes the sections where none exist yet. It runs at every start, so a database seeded before
 * the wheel existed gets them too; a section tuned in the database is never overwritten.
 */
export async function seedWheelOptions(db: Database): Promise<void> {
  await db.insert(wheelOptions).values(DEFAULT_WHEEL_OPTIONS).onConflictDoNothing();
}

/** The demo citizen's first spins, so a newcomer can try the wheel at once (demo mode only). */
export async function seedDemoWheelAttempts(db: Database, userId: number): Promise<void> {
  await db
    .insert(wheelAccounts)
    .values({ userId, attemptsLeft: WHEEL.demoCitizenAttempts })
    .onConflictDoNothing();
}
