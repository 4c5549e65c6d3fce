import type { FastifyBaseLogger } from 'fastify';
import { callLinksApi, type CallLinkChannel } from '@seguridad/contracts/http/call-links';
import { callTexts } from '@seguridad/contracts/messages';
import { callLinkTexts } from '@seguridad/contracts/messages/call-links';
import { AppError } from '../../lib/app-error';
import type { Deps } from '../../lib/dependencies';
import { recordAudit } from '../audit/audit-service';
import { newRoomName, toQueuedCall } from './call-access';
import { endCallFrom } from './call-ending-queries';
import { insertPrivateRoom } from './operator-call-queries';
import { notifyRealtime } from './call-route-schemas';
import { companyNameOf } from '../company/company-queries';
import {
  callLinkMinutesOf,
  insertCallLink,
  linkOfRoom,
  markOpened,
  recentSends,
  setProviderId,
  toCallLink,
} from './call-link-queries';

const TEN_MINUTES_MS = 10 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

/** How a phone reads in the audit trail: enough to tell two citizens apart, not the whole number. */
export function maskedPhone(phone: string): string {
  return `${phone.slice(0, 4)} •••• ${phone.slice(-4)}`;
}

/**
 * Sends a call link (decision 061): a new private room of this operator, its one-time link by SMS
 * or WhatsApp, an audit entry. Limited per operator and per phone; a message the provider refuses
 * leaves no room behind.
 */
export async function sendCallLink(
  app: Deps<'database' | 'config' | 'messages' | 'callRealtime'>,
  request: { companyId: number; operatorId: number; phone: string; channel: CallLinkChannel; ip: string },
  log: FastifyBaseLogger,
) {
  const db = app.database.db;
  // A production server without Twilio Messaging would only keep the link in its outbox: nobody
  // would receive it, so the operator is told instead of seeing «Enviado».
  if (app.messages.kind === 'outbox' && app.config.isProduction && !app.config.demoMode) {
    throw new AppError(503, 'sms_unavailable', callLinkTexts.messagingOff);
  }
  const now = new Date();
  const sends = await recentSends(db, {
    companyId: request.companyId,
    operatorId: request.operatorId,
    phone: request.phone,
    operatorSince: new Date(now.getTime() - TEN_MINUTES_MS),
    phoneSince: new Date(now.getTime() - ONE_HOUR_MS),
  });
  if (sends.byOperator >= app.config.callLinks.perOperatorMax)
    throw new AppError(429, 'too_many_links', callLinkTexts.tooManyByOperator);
  if (sends.toPhone >= app.config.callLinks.perPhoneMax)
    throw new AppError(429, 'phone_busy', callLinkTexts.tooManyToPhone);

  const minutes = await callLinkMinutesOf(db, request.companyId);
  const call = await insertPrivateRoom(db, {
    companyId: request.companyId,
    operatorId: request.operatorId,
    name: newRoomName(),
    specialityName: callTexts.defaultSpeciality,
  });
  const link = await insertCallLink(db, {
    companyId: request.companyId,
    operatorId: request.operatorId,
    callId: call.id,
    phone: request.phone,
    channel: request.channel,
    expiresAt: new Date(now.getTime() + minutes * 60_000),
  });
  const address = `${app.config.publicBaseUrl}/?privatevideo=${encodeURIComponent(call.room)}`;
  const centre = (await companyNameOf(db, request.companyId)) ?? app.config.brandName;
  try {
    const { providerId } = await app.messages.send({
      to: request.phone,
      channel: request.channel,
      body: callLinkTexts.message(centre, address, minutes),
      statusCallbackUrl: `${app.config.publicBaseUrl}${callLinksApi.messageStatus.path()}`,
      expiresAt: link.expiresAt,
    });
    await setProviderId(db, link.id, providerId);
  } catch (error) {
    log.error({ err: error }, 'call link: the message was not sent');
    await endCallFrom(db, call.id, 'waiting', 'link_failed');
    throw new AppError(502, 'message_failed', callLinkTexts.providerFailed);
  }
  await recordAudit(db, {
    companyId: request.companyId,
    actorUserId: request.operatorId,
    action: 'call.link_send',
    subjectKind: 'call',
    subjectId: call.id,
    ip: request.ip,
    details: { canal: callLinkTexts.channels[request.channel], celular: maskedPhone(request.phone) },
  });
  await notifyRealtime(log, 'callQueued', app.callRealtime.callQueued(call));
  return { link: toCallLink(link, call, now), call: toQueuedCall(call) };
}

/**
 * Before a private room is claimed: if a call link opens it, the link must still work. A link
 * never opened in time is refused as expired (and its room closed); a link whose call is over is
 * refused as used. Returns what to mark once the claim succeeded.
 */
export async function checkLinkBeforeClaim(
  app: Deps<'database' | 'callRealtime'>,
  companyId: number,
  room: string,
  log: FastifyBaseLogger,
): Promise<{ markOpened(): Promise<void> } | null> {
  const db = app.database.db;
  const found = await linkOfRoom(db, companyId, room);
  if (!found) return null;
  const { link, call } = found;
  const now = new Date();
  if (call.status === 'ended' || call.status === 'abandoned') {
    throw new AppError(
      410,
      link.openedAt ? 'call_link_used' : 'call_link_expired',
      link.openedAt ? callLinkTexts.used : callLinkTexts.expired,
    );
  }
  if (!link.openedAt && link.expiresAt <= now) {
    const closed = await endCallFrom(db, call.id, 'waiting', 'link_expired');
    if (closed) await notifyRealtime(log, 'callEnded', app.callRealtime.callEnded(closed, 'abandoned'));
    throw new AppError(410, 'call_link_expired', callLinkTexts.expired);
  }
  return { markOpened: () => markOpened(db, link.id, now) };
}
