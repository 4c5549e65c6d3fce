import { webPaths } from '@seguridad/contracts/web-paths';
import { promoTexts } from '@seguridad/contracts/messages';
import type { MailMessage } from '../../integrations/mail/mail-sender';
import { escapeHtml } from '../../lib/html';

type MailConfig = { brandName: string; publicBaseUrl: string };

/** Tells a winner of the camera draw, in text and HTML. */
export function drawWinnerMail(config: MailConfig, winner: { email: string; name: string }): MailMessage {
  const resultsLink = `${config.publicBaseUrl}${webPaths.results}`;
  const lines = [
    `Hola ${winner.name}:`,
    '',
    `¡Ganaste una cámara IP WiFi en el sorteo de ${config.brandName}!`,
    'Te contactaremos por correo electrónico o por WhatsApp para coordinar la entrega. No te pediremos pagos ni contraseñas.',
    '',
    `Puedes ver el sorteo y comprobar su resultado en ${resultsLink}`,
  ];
  return {
    to: winner.email,
    subject: promoTexts.winnerMailSubject(config.brandName),
    text: lines.join('\n'),
    html: [
      '<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#14202e;line-height:1.6">',
      ...lines.filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`),
      '</body></html>',
    ].join(''),
  };
}
