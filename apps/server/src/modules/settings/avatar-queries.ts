import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userAvatars } from '../../db/schema';

export type AvatarRow = typeof userAvatars.$inferSelect;

export async function avatarOf(db: Database, userId: number): Promise<AvatarRow | undefined> {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  return row;
}

export async function avatarByToken(db: Database, token: string): Promise<AvatarRow | undefined> {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.token, token));
  return row;
}

/** Points the account at a new avatar; returns the storage key of the one it replaced, if any. */
export async function replaceAvatar(
  db: Database,
  avatar: Omit<AvatarRow, 'createdAt'>,
): Promise<string | undefined> {
  const previous = await avatarOf(db, avatar.userId);
  await db
    .insert(userAvatars)
    .values(avatar)
    .onConflictDoUpdate({
      target: userAvatars.userId,
      set: {
        token: avatar.token,
        storageKey: avatar.storageKey,
        mime: avatar.mime,
        bytes: avatar.bytes,
        createdAt: new Date(),
      },
    });
  return previous?.storageKey;
}
