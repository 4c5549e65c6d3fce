import { NETWORK_INVITATION_TTL_DAYS } from '@seguridad/contracts/constants';
import { webPaths } from '@seguridad/contracts/web-paths';
import type { MailMessage } from '../../integrations/mail/mail-sender';
import { escapeHtml } from '../../lib/html';

type InvitationMailContext = {
  brandName: string;
  publicBaseUrl: string;
  guestEmail: string;
  owner: { name: string; lastname: string; email: string };
};

/** Line breaks and other control characters would let a name write mail headers of its own. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** `PUBLIC_BASE_URL/network_invite?code=…&cmp=…`: what the invitee opens (spec §2). */
export function invitationLink(publicBaseUrl: string, code: string, companyId: number): string {
  const query = new URLSearchParams({ code, cmp: String(companyId) });
  return `${publicBaseUrl}${webPaths.networkInvite}?${query.toString()}`;
}

/** The e-mail that carries a security-network invitation, in text and HTML. */
export function networkInvitationMail(context: InvitationMailContext, link: string): MailMessage {
  const ownerName = oneLine(`${context.owner.name} ${context.owner.lastname}`) || context.owner.email;
  const brand = context.brandName;
  const intro = `${ownerName} (${context.owner.email}) te invitó a su red de seguridad en ${brand}.`;
  const explanation =
    'Las personas de una red de seguridad reciben sus alertas de emergencia y pueden ayudarle cuando lo necesite. Una red tiene hasta 5 personas.';
  const action = `Para aceptar o rechazar la invitación, abre este enlace (vale por ${NETWORK_INVITATION_TTL_DAYS} días). Si aún no tienes cuenta, podrás crearla con este mismo correo:`;
  const ignore = 'Si no conoces a esta persona, ignora este correo: nadie verá tus datos.';
  return {
    to: context.guestEmail,
    subject: `${brand}: ${ownerName} te invitó a su red de seguridad`,
    text: ['Hola:', '', intro, explanation, '', action, link, '', ignore].join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#14202e;line-height:1.6">',
      '<p>Hola:</p>',
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(explanation)}</p>`,
      `<p>${escapeHtml(action)}</p>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;border-radius:12px;background:#0b3a75;color:#ffffff;font-weight:600;text-decoration:none">Ver la invitación</a></p>`,
      `<p style="font-size:13px;color:#46556a">O copia este enlace en tu navegador: ${escapeHtml(link)}</p>`,
      `<p style="font-size:13px;color:#46556a">${escapeHtml(ignore)}</p>`,
      '</body></html>',
    ].join(''),
  };
}
