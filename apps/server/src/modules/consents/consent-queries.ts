import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { type CameraSharing } from '@seguridad/contracts/http/settings';
import {
  type ConsentChannel,
  type ConsentPurpose,
  type ConsentRecord,
  consentTexts,
} from '@seguridad/contracts/http/consents';
import type { Database } from '../../db/client';
import { consentRecords, promoEntries, userSettings, videoCalls } from '../../db/schema';

export type ConsentRow = typeof consentRecords.$inferSelect;

export const textHashOf = (purpose: ConsentPurpose) =>
  createHash('sha256').update(consentTexts[purpose].text, 'utf8').digest('hex');

/** The current version of a purpose's text, as a record stores it. */
function currentText(purpose: ConsentPurpose) {
  return { purpose, textVersion: consentTexts[purpose].version, textHash: textHashOf(purpose) };
}

/** The contract's shape; the text shown is the one of the version recorded when it is the current one. */
export function shownConsent(row: ConsentRow): ConsentRecord {
  const text = consentTexts[row.purpose];
  return {
    id: row.id,
    purpose: row.purpose,
    title: text.title,
    text: text.text,
    version: row.textVersion,
    channel: row.channel,
    call_id: row.callId,
    granted_at: row.grantedAt.toISOString(),
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
    withdrawable: text.withdrawal !== null && row.userId !== null,
    withdrawal: text.withdrawal,
  };
}

/** Records the account's consent unless one is in force already (the partial unique index decides). */
export async function grantConsent(
  db: Database,
  userId: number,
  purpose: Exclude<ConsentPurpose, 'recording_notice'>,
  channel: ConsentChannel,
): Promise<void> {
  await db
    .insert(consentRecords)
    .values({ userId, channel, ...currentText(purpose) })
    .onConflictDoNothing();
}

/** Marks the account's consent in force for `purpose` withdrawn now; nothing when there is none. */
async function withdrawInForce(db: Database, userId: number, purpose: ConsentPurpose): Promise<void> {
  await db
    .update(consentRecords)
    .set({ withdrawnAt: sql`now()` })
    .where(
      and(
        eq(consentRecords.userId, userId),
        eq(consentRecords.purpose, purpose),
        isNull(consentRecords.withdrawnAt),
      ),
    );
}

/** The settings switches: on is a grant, off a withdrawal, each recorded only when it changes. */
export async function recordCameraSharing(
  db: Database,
  userId: number,
  sharing: CameraSharing,
): Promise<void> {
  const switches = [
    ['camera_sharing_network', sharing.share_with_network],
    ['camera_sharing_operators', sharing.share_with_operators],
  ] as const;
  for (const [purpose, on] of switches) {
    if (on) await grantConsent(db, userId, purpose, 'web');
    else await withdrawInForce(db, userId, purpose);
  }
}

/** The notice the caller's view showed, recorded once per call. */
export async function recordRecordingNotice(db: Database, callId: number): Promise<void> {
  await db
    .insert(consentRecords)
    .values({ callId, channel: 'widget', ...currentText('recording_notice') })
    .onConflictDoNothing();
}

/** The account's consents and the notices of the calls it made signed in, oldest first. */
export async function consentsOf(db: Database, userId: number): Promise<ConsentRow[]> {
  const rows = await db
    .select({ record: consentRecords })
    .from(consentRecords)
    .leftJoin(videoCalls, eq(videoCalls.id, consentRecords.callId))
    .where(or(eq(consentRecords.userId, userId), eq(videoCalls.userId, userId)))
    .orderBy(asc(consentRecords.grantedAt), asc(consentRecords.id));
  return rows.map((row) => row.record);
}

export type WithdrawOutcome =
  | { kind: 'withdrawn'; row: ConsentRow }
  | { kind: 'not_found' }
  | { kind: 'not_withdrawable' }
  | { kind: 'already' };

/**
 * Withdraws one of the account's consents and stops what depended on it, in one transaction:
 * camera sharing switches off; the promo's terms take the person out of the draw.
 */
export async function withdrawConsent(db: Database, userId: number, id: number): Promise<WithdrawOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.id, id), eq(consentRecords.userId, userId)))
      .for('update');
    if (!row) {
      // A signed-in caller's notice is theirs to see, not to withdraw.
      const [notice] = await tx
        .select({ id: consentRecords.id })
        .from(consentRecords)
        .innerJoin(videoCalls, eq(videoCalls.id, consentRecords.callId))
        .where(and(eq(consentRecords.id, id), eq(videoCalls.userId, userId)));
      return notice ? { kind: 'not_withdrawable' } : { kind: 'not_found' };
    }
    if (consentTexts[row.purpose].withdrawal === null) return { kind: 'not_withdrawable' };
    if (row.withdrawnAt) return { kind: 'already' };
    const [withdrawn] = await tx
      .update(consentRecords)
      .set({ withdrawnAt: sql`now()` })
      .where(eq(consentRecords.id, id))
      .returning();
    if (row.purpose === 'camera_sharing_network') {
      await tx
        .update(userSettings)
        .set({ shareCamerasWithNetwork: false })
        .where(eq(userSettings.userId, userId));
    } else if (row.purpose === 'camera_sharing_operators') {
      await tx
        .update(userSettings)
        .set({ shareCamerasWithOperators: false })
        .where(eq(userSettings.userId, userId));
    } else if (row.purpose === 'promo_terms') {
      await tx.delete(promoEntries).where(eq(promoEntries.userId, userId));
    }
    return { kind: 'withdrawn', row: withdrawn! };
  });
}
