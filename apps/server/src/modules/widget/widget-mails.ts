import type { MailMessage } from '../../integrations/mail/mail-sender';

export function newContactMail(
  inbox: string,
  brandName: string,
  contact: { name: string; email: string; phone: string; message: string },
): MailMessage {
  return {
    to: inbox,
    subject: `${brandName}: nuevo mensaje de contacto de ${contact.name}`,
    text: [
      'Llegó un mensaje desde el formulario de contacto.',
      '',
      `Nombre: ${contact.name}`,
      `Correo: ${contact.email}`,
      `Teléfono: ${contact.phone}`,
      '',
      contact.message,
    ].join('\n'),
  };
}

export function newVideoMailMail(
  inbox: string,
  brandName: string,
  consoleUrl: string,
  videoMail: { name: string; email: string; phone: string; message: string; isDerived: boolean },
): MailMessage {
  return {
    to: inbox,
    subject: `${brandName}: nuevo video mail de ${videoMail.name}${videoMail.isDerived ? ' (no pudo hacer videollamada)' : ''}`,
    text: [
      'Llegó un video mail. Puedes verlo en la consola de operadores:',
      consoleUrl,
      '',
      `Nombre: ${videoMail.name}`,
      `Correo: ${videoMail.email}`,
      `Teléfono: ${videoMail.phone}`,
      videoMail.isDerived ? 'Llegó aquí porque no se pudo iniciar una videollamada.' : '',
      '',
      videoMail.message,
    ].join('\n'),
  };
}
