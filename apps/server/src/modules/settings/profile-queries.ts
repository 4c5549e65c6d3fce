import { eq } from 'drizzle-orm';
import type { CameraSharing, ProfileUpdateFields } from '@seguridad/contracts/http/settings';
import { storedProfilePhone } from '@seguridad/contracts/helpers/phone';
import type { Database } from '../../db/client';
import { userSettings, users } from '../../db/schema';

/**
 * Writes the fields the profile form owns, and only those: whatever else a client sends (role,
 * company, verification flags, ids) never reaches this update. The phone is stored in E.164 when
 * it reads as Chilean (decision 011); the RUT arrives in its canonical form from the schema.
 */
export async function updateProfile(
  db: Database,
  userId: number,
  fields: ProfileUpdateFields,
): Promise<void> {
  await db
    .update(users)
    .set({
      name: fields.name,
      lastname: fields.lastname,
      phone: storedProfilePhone(fields.phone ?? ''),
      rut: fields.rut,
      address: fields.address,
    })
    .where(eq(users.id, userId));
}

/** Who may see the account's cameras; nobody until the owner says so (spec §6, decision 011). */
export async function cameraSharingOf(db: Database, userId: number): Promise<CameraSharing> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return {
    share_with_network: row?.shareCamerasWithNetwork ?? false,
    share_with_operators: row?.shareCamerasWithOperators ?? false,
  };
}

export async function setCameraSharing(db: Database, userId: number, sharing: CameraSharing): Promise<void> {
  const values = {
    shareCamerasWithNetwork: sharing.share_with_network,
    shareCamerasWithOperators: sharing.share_with_operators,
    updatedAt: new Date(),
  };
  await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values });
}
