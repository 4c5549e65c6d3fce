import { AUTHENTICATOR } from '../constants';

/**
 * Texts of two-step sign-in beyond the SMS codes: the authenticator app (TOTP), its one-time
 * recovery codes, and what a service without SMS delivery says instead of promising a message
 * (decision 054). Server errors, settings, the login's second step and the console read them here.
 */
export const twoStepTexts = {
  // Answers and errors of the server.
  smsUnavailable: 'Este servicio no tiene envío de SMS configurado: usa una aplicación de autenticación.',
  authenticatorCodeInvalid:
    'El código de la aplicación no es correcto o ya cambió. Escribe el que muestra ahora tu aplicación.',
  authenticatorCodeReused: 'Ese código ya se usó. Espera a que tu aplicación muestre uno nuevo.',
  enrolmentExpired: `Pasaron más de ${AUTHENTICATOR.enrolmentTtlMinutes} minutos desde que empezaste a activar la aplicación. Vuelve a empezar para obtener un código QR nuevo.`,
  enrolmentMissing: 'No hay una activación de aplicación en curso. Vuelve a empezar.',
  authenticatorAlreadyOn:
    'Ya tienes una aplicación de autenticación activa. Desactívala antes de agregar otra.',
  authenticatorNotOn: 'Tu cuenta no tiene una aplicación de autenticación activa.',
  recoveryCodeFormat: `El código de recuperación tiene ${AUTHENTICATOR.recoveryCodeLength} letras y números.`,
  recoveryCodeInvalid: 'El código de recuperación no es válido.',
  recoveryCodeUsed: 'Ese código de recuperación ya se usó: cada uno sirve una sola vez.',
  authenticatorEnabled: 'Aplicación de autenticación activada.',
  authenticatorDisabled: 'Aplicación de autenticación desactivada.',
  recoveryCodesRegenerated: 'Generamos códigos de recuperación nuevos. Los anteriores ya no sirven.',

  // Settings > Autenticación en Dos Pasos.
  sectionLead:
    'Al ingresar te pediremos un segundo paso: el código de tu aplicación de autenticación o uno enviado a un teléfono confirmado.',
  appTitle: 'Aplicación de autenticación',
  appLead: `Una aplicación como Google Authenticator, Microsoft Authenticator o FreeOTP muestra un código nuevo cada ${AUTHENTICATOR.periodSeconds} segundos, sin SMS y sin conexión.`,
  appOn: 'Activada: al ingresar te pediremos el código que muestra tu aplicación.',
  appOff: 'Aún no tienes una aplicación de autenticación.',
  enable: 'Activar aplicación de autenticación',
  scanStep: '1. Escanea este código QR con tu aplicación de autenticación.',
  qrAlt: 'Código QR para agregar tu cuenta a la aplicación de autenticación',
  secretStep: '¿No puedes escanearlo? Escribe esta clave en la aplicación, como cuenta basada en el tiempo:',
  secretLabel: 'Clave de configuración',
  confirmStep: `2. Escribe el código de ${AUTHENTICATOR.digits} números que muestra la aplicación.`,
  enrolmentValidFor: `Tienes ${AUTHENTICATOR.enrolmentTtlMinutes} minutos para terminar.`,
  codeLabel: 'Código de la aplicación',
  codeHint: `${AUTHENTICATOR.digits} números`,
  activate: 'Activar',
  cancel: 'Cancelar',
  recoveryTitle: 'Códigos de recuperación',
  recoveryShownOnce:
    'Guárdalos en un lugar seguro: es la única vez que los mostramos. Si no tienes tu aplicación a mano, cada uno sirve una sola vez para ingresar.',
  recoveryCodesLabel: 'Tus códigos de recuperación',
  recoverySaved: 'Ya los guardé',
  recoveryLeft: (count: number) =>
    count === 1 ? 'Te queda 1 código de recuperación.' : `Te quedan ${count} códigos de recuperación.`,
  regenerate: 'Generar códigos nuevos',
  regenerateTitle: '¿Generar códigos de recuperación nuevos?',
  regenerateText: 'Los códigos que tienes ahora dejarán de servir.',
  disable: 'Desactivar',
  disableTitle: '¿Desactivar la aplicación de autenticación?',
  disableText: 'Al ingresar ya no te pediremos su código, y tus códigos de recuperación dejarán de servir.',
  smsUnavailableForPhones:
    'Este servicio no tiene envío de SMS configurado: no podemos enviarte el código para confirmar un teléfono. Usa una aplicación de autenticación.',

  // The login's second step.
  loginLeadApp: 'Tu cuenta está protegida con una aplicación de autenticación.',
  methodApp: 'Aplicación de autenticación',
  methodRecovery: 'Usar un código de recuperación',
  methodPhone: 'Recibir un código por SMS o WhatsApp',
  otherMethods: 'Otras formas de verificar',
  appCodeHint: `Abre tu aplicación de autenticación y escribe el código de ${AUTHENTICATOR.digits} números que muestra ahora.`,
  recoveryLabel: 'Código de recuperación',
  recoveryHint: 'Uno de los códigos que guardaste al activar la aplicación, por ejemplo K7M2Q-X9PLD.',
  recoveryStepTitle: 'Ingresa un código de recuperación',
  signIn: 'Ingresar',
  back: 'Volver',
  noWayToSignIn:
    'Este servicio no tiene envío de SMS configurado y tu cuenta no tiene una aplicación de autenticación. Pide ayuda a quien administra el servicio.',

  // The console's «two-step required» screen.
  setUpApp: 'Activar una aplicación de autenticación',

  // How the security log names the new events.
  eventAuthenticatorAdded: 'Aplicación de autenticación activada',
  eventAuthenticatorRemoved: 'Aplicación de autenticación desactivada',
  eventRecoveryCodesRegenerated: 'Códigos de recuperación nuevos',
  eventRecoveryCodeUsed: 'Ingreso con un código de recuperación',
} as const;
