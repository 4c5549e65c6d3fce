import { staffTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import type { MailMessage } from '../../integrations/mail/mail-sender';
import { escapeHtml } from '../../lib/html';
import type { StaffRole } from './staff-queries';

/** `PUBLIC_BASE_URL/equipo/invitacion?code=…`: what the invitee opens. */
export function staffInvitationLink(publicBaseUrl: string, code: string): string {
  return `${publicBaseUrl}${webPaths.staffInvitation}?${new URLSearchParams({ code }).toString()}`;
}

/** The e-mail that carries a staff invitation, in text and HTML. */
export function staffInvitationMail(
  context: { brandName: string; to: string; companyName: string; role: StaffRole },
  link: string,
): MailMessage {
  const intro = staffTexts.invitationMailIntro(context.companyName, staffTexts.roles[context.role]);
  const action = staffTexts.invitationMailAction;
  const ignore = staffTexts.invitationMailIgnore;
  return {
    to: context.to,
    subject: staffTexts.invitationMailSubject(context.brandName, context.companyName),
    text: ['Hola:', '', intro, '', action, link, '', ignore].join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#14202e;line-height:1.6">',
      '<p>Hola:</p>',
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:#0b3a75;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(staffTexts.invitationMailButton)}</a></p>`,
      `<p style="font-size:13px;color:#46556a">${escapeHtml(staffTexts.invitationMailCopy)} ${escapeHtml(link)}</p>`,
      `<p style="font-size:13px;color:#46556a">${escapeHtml(ignore)}</p>`,
      '</body></html>',
    ].join(''),
  };
}
