import { dataRequestKindLabels, type DataRequest } from '@seguridad/contracts/http/data-requests';
import { dataExportTexts } from '@seguridad/contracts/http/data-exports';
import { settingsSectionPaths } from '@seguridad/contracts/web-paths';
import type { MailMessage } from '../../integrations/mail/mail-sender';

type Context = { brandName: string; name: string; email: string };

const chileDate = (iso: string) =>
  new Intl.DateTimeFormat('es-CL', { dateStyle: 'long', timeZone: 'America/Santiago' }).format(new Date(iso));

export function dataRequestFiledMail(context: Context, request: DataRequest): MailMessage {
  return {
    to: context.email,
    subject: `${context.brandName}: recibimos tu solicitud sobre tus datos`,
    text: [
      `Hola ${context.name}:`,
      '',
      `Recibimos tu solicitud de ${dataRequestKindLabels[request.kind].toLowerCase()} (n° ${request.id}).`,
      `Te responderemos a más tardar el ${chileDate(request.due_at)}.`,
      '',
      'Puedes ver su estado en Configuración, sección «Mis datos».',
    ].join('\n'),
  };
}

export function dataRequestAnsweredMail(to: string, brandName: string, request: DataRequest): MailMessage {
  return {
    to,
    subject: `${brandName}: respuesta a tu solicitud n° ${request.id}`,
    text: [`Respondimos tu solicitud n° ${request.id}:`, '', request.answer ?? ''].join('\n'),
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
