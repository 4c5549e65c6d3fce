import { and, desc, eq, isNull } from 'drizzle-orm';
import { operatorApi, type InboxResponse } from '@seguridad/contracts/http/operator';
import type { InboxKind } from '@seguridad/contracts/realtime/operator';
import type { Database } from '../../db/client';
import { contactMessages, videoMails } from '../../db/schema';
import { signPath } from '../../lib/signed-urls';
import { companyCallbacks } from '../callbacks/callback-queries';

const INBOX_LIMIT = 200;

/** The signed-URL path of a video mail's video or thumbnail (served by the media routes). */
export const videoMailMediaPath = (id: number, file: 'video' | 'thumbnail') =>
  operatorApi.videoMailMedia.path({ id, file });

/**
 * The company's latest video mails, contact messages and callback requests, newest first, with
 * signed media URLs: the videos' name `viewerId`, so fetching one is that person's opening.
 */
export async function companyInbox(
  db: Database,
  companyId: number,
  mediaUrlSecret: string,
  viewerId: number,
): Promise<Omit<InboxResponse, 'code'>> {
  const [mails, contacts, callbacks] = await Promise.all([
    db
      .select()
      .from(videoMails)
      .where(eq(videoMails.companyId, companyId))
      .orderBy(desc(videoMails.id))
      .limit(INBOX_LIMIT),
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.companyId, companyId))
      .orderBy(desc(contactMessages.id))
      .limit(INBOX_LIMIT),
    companyCallbacks(db, companyId),
  ]);
  return {
    video_mails: mails.map((mail) => ({
      id: mail.id,
      name: mail.name,
      email: mail.email,
      phone: mail.phone,
      message: mail.message,
      is_derived: mail.isDerived,
      duration_ms: mail.durationMs,
      created_at: mail.createdAt.toISOString(),
      handled_at: mail.handledAt?.toISOString() ?? null,
      video_url: signPath(
        mediaUrlSecret,
        videoMailMediaPath(mail.id, 'video'),
        undefined,
        undefined,
        viewerId,
      ),
      thumbnail_url: signPath(mediaUrlSecret, videoMailMediaPath(mail.id, 'thumbnail')),
    })),
    contacts: contacts.map((contact) => ({
      id: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      message: contact.message,
      created_at: contact.createdAt.toISOString(),
      handled_at: contact.handledAt?.toISOString() ?? null,
    })),
    callbacks,
  };
}

const inboxTables = { videoMail: videoMails, contact: contactMessages } as const;

/**
 * Marks an item of the company's inbox handled by `userId`; marking one already handled is no
 * error. False when the company has no such item.
 */
export async function markInboxItemHandled(
  db: Database,
  item: { kind: Exclude<InboxKind, 'callback'>; id: number; companyId: number; userId: number },
): Promise<boolean> {
  const table = inboxTables[item.kind];
  const ofCompany = and(eq(table.id, item.id), eq(table.companyId, item.companyId));
  const updated = await db
    .update(table)
    .set({ handledAt: new Date(), handledBy: item.userId })
    .where(and(ofCompany, isNull(table.handledAt)))
    .returning({ id: table.id });
  if (updated.length > 0) return true;
  const [exists] = await db.select({ id: table.id }).from(table).where(ofCompany);
  return Boolean(exists);
}

/** Where a video mail's files are stored and their types, for the signed media route. */
export async function videoMailMedia(db: Database, id: number) {
  const [row] = await db
    .select({
      companyId: videoMails.companyId,
      videoKey: videoMails.videoKey,
      videoMime: videoMails.videoMime,
      thumbnailKey: videoMails.thumbnailKey,
      thumbnailMime: videoMails.thumbnailMime,
    })
    .from(videoMails)
    .where(eq(videoMails.id, id))
    .limit(1);
  return row;
}
