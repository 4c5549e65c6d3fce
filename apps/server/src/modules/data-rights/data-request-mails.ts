import { dataRequestKindLabels, type DataRequest } from '@seguridad/contracts/http/data-requests';
import { dataExportTexts } from '@seguridad/contracts/messages/data-export';
import { settingsSectionPaths } from '@seguridad/contracts/web-paths';
import type { MailMessage } from '../../integrations/mail/mail-sender';

type Context = { brandName: string; name: string; email: string };

const chileDate = (iso: string) =>
  new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'America/Santiago' }).format(new Date(iso));

export function dataRequestFiledMail(context: Context, requests: DataRequest[]): MailMessage {
  const [first] = requests;
  if (!first) throw new Error('a filing has at least one request');
  const parts =
    requests.length === 1
      ? [`Recibimos tu solicitud de ${dataRequestKindLabels[first.kind].toLowerCase()} (n° ${first.id}).`]
      : [
          `Recibimos tu solicitud de ${dataRequestKindLabels[first.kind].toLowerCase()}. Tus datos están en ${requests.length} centrales, y cada una responde por los suyos:`,
          ...requests.map((request) => `- ${request.company}: solicitud n° ${request.id}`),
        ];
  return {
    to: context.email,
    subject: `${context.brandName}: recibimos tu solicitud sobre tus datos`,
    text: [
      `Hola ${context.name}:`,
      '',
      ...parts,
      `Te responderemos a más tardar el ${chileDate(first.due_at)}.`,
      '',
      'Puedes ver su estado en Configuración, sección «Mis datos».',
    ].join('\n'),
  };
}

export function dataRequestAnsweredMail(to: string, brandName: string, request: DataRequest): MailMessage {
  return {
    to,
    subject: `${brandName}: respuesta a tu solicitud n° ${request.id}`,
    text: [`${request.company} respondió tu solicitud n° ${request.id}:`, '', request.answer ?? ''].join(
      '\n',
    ),
  };
}

export function dataRequestExtendedMail(
  to: string,
  brandName: string,
  request: DataRequest,
  reason: string,
): MailMessage {
  return {
    to,
    subject: `${brandName}: prórroga de tu solicitud n° ${request.id}`,
    text: [
      `Necesitamos más tiempo para responder tu solicitud n° ${request.id}, por este motivo:`,
      reason,
      '',
      `Te responderemos a más tardar el ${chileDate(request.due_at)}.`,
    ].join('\n'),
  };
}

/** «Descargar mis datos» is ready (decision 040): the link needs the session, so it opens the settings. */
export function dataExportReadyMail(
  context: Context & { publicBaseUrl: string },
  expiresAt: Date,
): MailMessage {
  return {
    to: context.email,
    subject: dataExportTexts.mailSubject(context.brandName),
    text: [
      `Hola ${context.name}:`,
      '',
      'Tus datos están listos para descargar. Inicia sesión y abre:',
      `${context.publicBaseUrl}${settingsSectionPaths.myData}`,
      '',
      `El archivo estará disponible hasta el ${chileDate(expiresAt.toISOString())}; después lo borraremos.`,
      'Si no lo pediste tú, cambia tu contraseña y cierra las demás sesiones.',
    ].join('\n'),
  };
}
