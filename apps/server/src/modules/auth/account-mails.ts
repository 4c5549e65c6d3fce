import type { MailMessage } from '../../integrations/mail/mail-sender';
import type { DeviceDescription } from './session-queries';

type Context = { brandName: string; publicBaseUrl: string; name: string; email: string };

function describeDevice(device: DeviceDescription, userAgent: string | undefined): string {
  const parts = [device.brand, device.model, device.name, device.system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : (userAgent ?? 'un dispositivo desconocido');
}

export function passwordResetMail(context: Context, token: string): MailMessage {
  const link = `${context.publicBaseUrl}/reset-pass?token=${encodeURIComponent(token)}`;
  return {
    to: context.email,
    subject: `${context.brandName}: restablece tu contraseña`,
    text: [
      `Hola ${context.name}:`,
      '',
      'Recibimos una solicitud para restablecer la contraseña de tu cuenta. Para elegir una nueva, abre este enlace (vale por 1 hora y sirve una sola vez):',
      link,
      '',
      'Si no lo pediste tú, ignora este correo: tu contraseña no cambiará.',
    ].join('\n'),
  };
}

export function newDeviceMail(
  context: Context,
  token: string,
  device: DeviceDescription,
  userAgent: string | undefined,
): MailMessage {
  const link = `${context.publicBaseUrl}/account_recovery?t=${encodeURIComponent(token)}`;
  return {
    to: context.email,
    subject: `${context.brandName}: se inició sesión desde un dispositivo nuevo`,
    text: [
      `Hola ${context.name}:`,
      '',
      `Se inició sesión en tu cuenta desde un dispositivo nuevo: ${describeDevice(device, userAgent)}.`,
      '',
      'Si fuiste tú, no tienes que hacer nada.',
      'Si no reconoces este acceso, recupera tu cuenta desde este enlace: cerraremos la sesión en todos los dispositivos y te enviaremos un correo para elegir una contraseña nueva.',
      link,
    ].join('\n'),
  };
}

export function accountReactivationMail(context: Context, token: string): MailMessage {
  const link = `${context.publicBaseUrl}/reset-pass?token=${encodeURIComponent(token)}`;
  return {
    to: context.email,
    subject: `${context.brandName}: reactiva tu cuenta`,
    text: [
      `Hola ${context.name}:`,
      '',
      'Cerramos la sesión de tu cuenta en todos los dispositivos y desactivamos tu contraseña anterior. Para volver a entrar, elige una contraseña nueva desde este enlace (vale por 1 hora):',
      link,
    ].join('\n'),
  };
}
