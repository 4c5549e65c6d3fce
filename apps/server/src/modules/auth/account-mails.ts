import { webPaths } from '@seguridad/contracts/web-paths';
import type { MailMessage } from '../../integrations/mail/mail-sender';
import type { DeviceDescription } from '../identity/session-queries';
import { EMAIL_TOKEN_TTL_MS, type EmailTokenPurpose } from './token-queries';

/** When a token issued now for `purpose` stops working (the outbox blanks its mail then). */
const tokenExpiry = (purpose: EmailTokenPurpose) => new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]);

type Context = { brandName: string; publicBaseUrl: string; name: string; email: string };

const recoveryLink = (context: Context, token: string) =>
  `${context.publicBaseUrl}/account_recovery?t=${encodeURIComponent(token)}`;

function describeDevice(device: DeviceDescription, userAgent: string | undefined): string {
  const parts = [device.brand, device.model, device.name, device.system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : (userAgent ?? 'un dispositivo desconocido');
}

export function passwordResetMail(context: Context, token: string): MailMessage {
  const link = `${context.publicBaseUrl}/reset-pass?token=${encodeURIComponent(token)}`;
  return {
    to: context.email,
    expiresAt: tokenExpiry('password_reset'),
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
  const link = recoveryLink(context, token);
  return {
    to: context.email,
    expiresAt: tokenExpiry('account_recovery'),
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

/** The lines that tell the owner which two-step phones a recovery or a reset took away. */
function removedPhonesLines(removedPhones: string[]): string[] {
  if (removedPhones.length === 0) return [];
  return [
    '',
    `También quitamos ${removedPhones.length === 1 ? 'el teléfono' : 'los teléfonos'} de la verificación en dos pasos (${removedPhones.join(', ')}), porque no podemos saber si los agregó otra persona. Cuando vuelvas a entrar, agrega de nuevo los tuyos desde Configuración.`,
  ];
}

/**
 * A two-step phone was added or removed: the owner hears of it at once, with a link that undoes
 * it (the recovery link: every session ends, the phones go, the password is chosen again).
 */
export function twoStepPhoneChangedMail(
  context: Context,
  token: string,
  change: 'added' | 'removed',
  maskedPhone: string,
): MailMessage {
  const what =
    change === 'added'
      ? `Se agregó el teléfono ${maskedPhone} a la verificación en dos pasos de tu cuenta.`
      : `Se quitó el teléfono ${maskedPhone} de la verificación en dos pasos de tu cuenta.`;
  return {
    to: context.email,
    expiresAt: tokenExpiry('account_recovery'),
    subject:
      change === 'added'
        ? `${context.brandName}: se agregó un teléfono de verificación en dos pasos`
        : `${context.brandName}: se quitó un teléfono de verificación en dos pasos`,
    text: [
      `Hola ${context.name}:`,
      '',
      what,
      '',
      'Si fuiste tú, no tienes que hacer nada.',
      'Si no fuiste tú, deshaz el cambio desde este enlace: cerraremos la sesión en todos los dispositivos, quitaremos los teléfonos de la verificación en dos pasos y te enviaremos un correo para elegir una contraseña nueva (el enlace vale por 7 días).',
      recoveryLink(context, token),
    ].join('\n'),
  };
}

/** After a password reset: sessions and two-step phones the reset took away. */
export function passwordChangedMail(
  context: Context,
  sessionsEnded: boolean,
  removedPhones: string[],
): MailMessage {
  return {
    to: context.email,
    subject: `${context.brandName}: cambiaste tu contraseña`,
    text: [
      `Hola ${context.name}:`,
      '',
      sessionsEnded
        ? 'Tu contraseña cambió y cerramos la sesión en todos los dispositivos.'
        : 'Tu contraseña cambió.',
      ...removedPhonesLines(removedPhones),
      '',
      'Si no fuiste tú, solicita de inmediato restablecer tu contraseña desde la página de ingreso.',
    ].join('\n'),
  };
}

export function accountReactivationMail(
  context: Context,
  token: string,
  removedPhones: string[] = [],
): MailMessage {
  const link = `${context.publicBaseUrl}/reset-pass?token=${encodeURIComponent(token)}`;
  return {
    to: context.email,
    expiresAt: tokenExpiry('password_reset'),
    subject: `${context.brandName}: reactiva tu cuenta`,
    text: [
      `Hola ${context.name}:`,
      '',
      'Cerramos la sesión de tu cuenta en todos los dispositivos y desactivamos tu contraseña anterior. Para volver a entrar, elige una contraseña nueva desde este enlace (vale por 1 hora):',
      link,
      ...removedPhonesLines(removedPhones),
    ].join('\n'),
  };
}

/**
 * The sign-up's verification link (decision 039): it proves the address before the account may
 * accept network invitations or count in the draw. The code travels in the link's query and the
 * page sends it in a request body; only its hash is stored.
 */
export function emailVerificationMail(context: Context, token: string): MailMessage {
  const link = `${context.publicBaseUrl}${webPaths.verifyEmail}?code=${encodeURIComponent(token)}`;
  return {
    to: context.email,
    expiresAt: tokenExpiry('email_verification'),
    subject: `${context.brandName}: confirma tu correo`,
    text: [
      `Hola ${context.name}:`,
      '',
      'Para confirmar que este correo es tuyo abre este enlace (vale por 7 días y sirve una sola vez):',
      link,
      '',
      'Mientras no lo confirmes no podrás aceptar invitaciones a una red de seguridad ni participar en el sorteo.',
      'Si no creaste una cuenta, ignora este correo.',
    ].join('\n'),
  };
}
