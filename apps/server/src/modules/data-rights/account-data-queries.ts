import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { maskPhone } from '@seguridad/contracts/helpers/phone-rules';
import type { Database } from '../../db/client';
import { consentsOf, shownConsent } from '../consents/consent-queries';
import {
  callAttachments,
  callbacks,
  callChatMessages,
  callRatings,
  contactMessages,
  dataRequests,
  devices,
  networkInvitations,
  orderEvents,
  orders,
  promoEntries,
  securityEvents,
  sessions,
  userAvatars,
  userPhones,
  users,
  userSettings,
  videoCalls,
  videoMails,
  wheelAccounts,
  wheelSpins,
} from '../../db/schema';

/** A stored object to put in the ZIP, at `path`. */
export type ExportFile = { path: string; key: string };

/** Everything the platform holds about an account, as `datos.json` says it, and the files to add. */
export type AccountData = { data: Record<string, unknown>; files: ExportFile[] };

/** Drops the columns that are secrets of the platform, not data about the person. */
function without<Row extends Record<string, unknown>, Key extends keyof Row>(
  row: Row,
  ...keys: Key[]
): Omit<Row, Key> {
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
}

const extensionOf = (mime: string, fallback: string) =>
  /^(?:video|image|audio)\/([a-z0-9]{2,5})$/.exec(mime)?.[1]?.replace('jpeg', 'jpg') ?? fallback;

/** A shown name becomes part of a path in the ZIP: only safe characters, never a folder. */
const safeName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-80) || 'archivo';

const digitsOf = (column: typeof callbacks.phone) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * Reads what decision 040 lists for `userId`. What the widget sent with an e-mail counts as the
 * account's only once the account proved that e-mail (decision 039): otherwise anyone could sign up
 * with someone else's address and download their video mails. Callbacks count by a confirmed phone.
 */
export async function accountDataOf(db: Database, userId: number): Promise<AccountData | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const files: ExportFile[] = [];
  const email = user.email.trim().toLowerCase();
  const emailProven = user.emailVerifiedAt !== null;

  const phones = await db.select().from(userPhones).where(eq(userPhones.userId, userId));
  const [avatar] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  if (avatar)
    files.push({ path: `perfil/avatar.${extensionOf(avatar.mime, 'img')}`, key: avatar.storageKey });
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const accountOrders = await db.select().from(orders).where(eq(orders.userId, userId));
  const history =
    accountOrders.length === 0
      ? []
      : await db
          .select()
          .from(orderEvents)
          .where(
            inArray(
              orderEvents.orderId,
              accountOrders.map((order) => order.id),
            ),
          )
          .orderBy(asc(orderEvents.id));

  const mails = emailProven
    ? await db
        .select()
        .from(videoMails)
        .where(eq(sql`lower(${videoMails.email})`, email))
        .orderBy(asc(videoMails.id))
    : [];
  const messages = emailProven
    ? await db
        .select()
        .from(contactMessages)
        .where(eq(sql`lower(${contactMessages.email})`, email))
        .orderBy(asc(contactMessages.id))
    : [];
  const confirmedDigits = phones
    .filter((phone) => phone.confirmedAt !== null)
    .map((phone) => phone.phone.replace(/\D/g, ''));
  const callbackRows =
    confirmedDigits.length === 0
      ? []
      : await db
          .select()
          .from(callbacks)
          .where(inArray(digitsOf(callbacks.phone), confirmedDigits))
          .orderBy(asc(callbacks.id));

  const calls = await db
    .select()
    .from(videoCalls)
    .where(eq(videoCalls.userId, userId))
    .orderBy(asc(videoCalls.id));
  const callIds = calls.map((call) => call.id);
  const chat =
    callIds.length === 0
      ? []
      : await db
          .select()
          .from(callChatMessages)
          .where(inArray(callChatMessages.callId, callIds))
          .orderBy(asc(callChatMessages.id));
  const attachments =
    callIds.length === 0
      ? []
      : await db
          .select()
          .from(callAttachments)
          .where(inArray(callAttachments.callId, callIds))
          .orderBy(asc(callAttachments.id));

  const ratings =
    callIds.length === 0
      ? []
      : await db.select().from(callRatings).where(inArray(callRatings.callId, callIds));
  const ratingOf = (callId: number) => {
    const rating = ratings.find((row) => row.callId === callId);
    return rating
      ? { estrellas: rating.stars, comentario: rating.comment, enviada_el: rating.createdAt }
      : null;
  };

  // Who handled an item and a legal hold's reason are the company's (a hold may protect an investigation).
  const handlingColumns = ['handledBy', 'holdReason', 'heldAt', 'heldBy'] as const;
  const data: Record<string, unknown> = {
    perfil: {
      ...without(user, 'passwordHash'),
      avatar: avatar ? files[0]!.path : null,
      preferencias: settings ? without(settings, 'userId') : null,
    },
    telefonos_dos_pasos: phones.map((phone) => ({
      telefono: maskPhone(phone.phone),
      confirmado_el: phone.confirmedAt,
      agregado_el: phone.createdAt,
    })),
    dispositivos: await db.select().from(devices).where(eq(devices.userId, userId)),
    sesiones: (await db.select().from(sessions).where(eq(sessions.userId, userId))).map((session) =>
      without(session, 'tokenHash', 'userId'),
    ),
    registro_de_seguridad: (
      await db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(asc(securityEvents.id))
    ).map((event) => without(event, 'userId')),
    redes: (
      await db
        .select()
        .from(networkInvitations)
        .where(or(eq(networkInvitations.ownerId, userId), eq(networkInvitations.guestUserId, userId)))
    ).map((invitation) => ({
      ...without(invitation, 'codeHash'),
      papel: invitation.ownerId === userId ? 'dueño de la red' : 'invitado',
    })),
    pedidos: accountOrders.map((order) => ({
      ...without(order, 'flowToken', 'flowCheckedAt', 'receiptAttempts', 'receiptAttemptedAt'),
      historial: history
        .filter((event) => event.orderId === order.id)
        .map((event) => without(event, 'orderId')),
    })),
    sorteo: (await db.select().from(promoEntries).where(eq(promoEntries.userId, userId)))[0] ?? null,
    ruleta: {
      cuenta: (await db.select().from(wheelAccounts).where(eq(wheelAccounts.userId, userId)))[0] ?? null,
      giros: await db
        .select()
        .from(wheelSpins)
        .where(eq(wheelSpins.userId, userId))
        .orderBy(asc(wheelSpins.id)),
    },
    correos_de_video: mails.map((mail) => {
      const video = `correos-de-video/${mail.id}-video.${extensionOf(mail.videoMime, 'webm')}`;
      const thumbnail = `correos-de-video/${mail.id}-miniatura.${extensionOf(mail.thumbnailMime, 'jpg')}`;
      files.push({ path: video, key: mail.videoKey }, { path: thumbnail, key: mail.thumbnailKey });
      return {
        ...without(mail, 'videoKey', 'thumbnailKey', 'companyId', ...handlingColumns),
        archivo_video: video,
        archivo_miniatura: thumbnail,
      };
    }),
    mensajes_de_contacto: messages.map((message) => without(message, 'companyId', ...handlingColumns)),
    solicitudes_de_llamada: callbackRows.map((callback) => without(callback, 'companyId', 'handledBy')),
    llamadas: calls.map((call) => ({
      id: call.id,
      tipo: call.kind,
      especialidad: call.specialityName,
      desde_la_pagina: call.fromPage,
      estado: call.status,
      creada_el: call.createdAt,
      aceptada_el: call.acceptedAt,
      terminada_el: call.endedAt,
      valoracion: ratingOf(call.id),
      chat: chat
        .filter((line) => line.callId === call.id)
        .map((line) => ({
          de: line.sender === 'caller' ? 'tú' : line.senderName,
          mensaje: line.message,
          adjunto: line.attachmentId,
          enviado_el: line.createdAt,
        })),
      adjuntos: attachments
        .filter((attachment) => attachment.callId === call.id)
        .map((attachment) => {
          const path = `llamadas/${call.id}/${attachment.id}-${safeName(attachment.name)}`;
          files.push({ path, key: attachment.storageKey });
          return {
            id: attachment.id,
            nombre: attachment.name,
            tipo: attachment.mime,
            bytes: attachment.bytes,
            enviado_por: attachment.sender === 'caller' ? 'tú' : 'operador',
            enviado_el: attachment.createdAt,
            archivo: path,
          };
        }),
    })),
    consentimientos: (await consentsOf(db, userId)).map((row) => {
      const shown = shownConsent(row);
      return {
        que: shown.title,
        texto: shown.text,
        version: shown.version,
        huella_del_texto: row.textHash,
        donde: row.channel,
        llamada: row.callId,
        aceptado_el: row.grantedAt,
        retirado_el: row.withdrawnAt,
      };
    }),
    solicitudes_de_derechos: (
      await db
        .select()
        .from(dataRequests)
        .where(eq(dataRequests.userId, userId))
        .orderBy(asc(dataRequests.id))
    ).map((request) => without(request, 'userId', 'answeredBy')),
  };
  return { data, files };
}
