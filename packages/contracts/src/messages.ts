/**
 * Every Spanish text the spec fixes (validation rules of §5, the error catalogue of §8, the
 * state texts of §2 and §4), written once. Obvious spelling slips of the spec are corrected here.
 */

export const validationMessages = {
  requiredText: 'Debe completar este campo.',
  required: 'Este campo es obligatorio',
  widgetEmailRequired: 'El Correo es requerido',
  widgetEmailInvalid: 'El correo es incorrecto',
  accountEmailRequired: 'Email es obligatorio',
  accountEmailInvalid: 'Email debe ser válido',
  invitationEmailInvalid: 'Formato incorrecto',
  checkoutPasswordRequired: 'Contraseña es requerida',
  checkoutNameRequired: 'Nombre es requerido',
  checkoutLastNameRequired: 'Apellido es requerido',
  checkoutPhoneRequired: 'Teléfono es requerido',
  checkoutAddressRequired: 'Dirección es requerida',
  checkoutRegionRequired: 'Región es requerida',
  checkoutCommuneRequired: 'Comuna es requerida',
  communeNeedsRegion: 'Debe seleccionar una región',
  passwordMinLength: 'La contraseña debe ser de 8 caracteres mínimo',
  passwordTooLong: 'La contraseña no puede superar los 128 caracteres',
  passwordConfirmationRequired: 'Confirmación de contraseña es requerida',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  digitsOnly: 'Ingrese sólo números',
  phoneElevenDigits: 'El campo debe tener 11 números',
  codeSixDigits: 'El campo debe tener 6 números',
  rutInvalid: 'Rut no válido',
} as const;

export const errorMessages = {
  generic: 'Lo sentimos, ha ocurrido un error inesperado. Por favor inténtalo nuevamente.',
  badRequest: 'Los datos enviados no son válidos.',
  unauthorized: 'Debes iniciar sesión para continuar.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'El recurso solicitado no existe.',
  routeNotFound: 'La ruta solicitada no existe.',
  payloadTooLarge: 'El archivo o los datos enviados superan el tamaño permitido.',
  unsupportedMediaType: 'El tipo de archivo o de contenido no está permitido.',
  invalidCharacters: 'Los datos enviados contienen caracteres no permitidos.',
  malformedForm: 'El formulario enviado está incompleto o mal formado. Por favor inténtalo nuevamente.',
  nothingToUpdate: 'Indica al menos un ajuste para cambiar.',
  tooManyRequests:
    'Has realizado demasiadas solicitudes. Por favor espera un momento e inténtalo nuevamente.',
  companyKeyInvalid: 'La clave de empresa no es válida o no fue enviada.',
  serviceUnavailable: 'El servicio no está disponible en este momento. Por favor inténtalo más tarde.',
  metricsTokenRequired: 'Las métricas requieren el token de métricas del servidor.',
} as const;

/** Texts of the account area (spec §2, §4, §8), with the spec's spelling slips corrected. */
export const accountTexts = {
  loginFailed: 'Lo sentimos, los datos ingresados no corresponden con nuestros registros.',
  checkoutLoginFailed: 'Email o contraseña incorrectos. Por favor verifica los datos ingresados.',
  registerSuccess:
    'Cuenta creada correctamente, estamos ingresando y redireccionándote a la pantalla previa.',
  emailTaken: 'El correo ingresado ya está registrado.',
  networkInviteBanner:
    'Para aceptar o rechazar la invitación a la red de seguridad debes iniciar sesión o registrarte.',
  resetRequestNotFound: 'El correo ingresado no está en nuestros registros.',
  resetRequestSent: 'Se ha enviado un link al correo ingresado para resetear tu contraseña.',
  resetTokenInvalid:
    'El token de validación no se encuentra válido, si aún lo necesitas, por favor solicita nuevamente reestablecer tu contraseña.',
  resetSuccess:
    'Se ha reestablecido la contraseña por favor ingresa en cualquiera app de la red del producto con tu nueva clave.',
  revokeAllDevices: 'Desconectar de todos los dispositivos',
  recoveryTokenInvalid: 'Error token inválido',
  recoveryEmailSent: 'Correo de reactivación de cuenta enviado',
  accountDeleted: 'Tu cuenta ha sido eliminada',
  codeInvalid: 'El código ingresado no es válido o ya expiró.',
  codeTooManyAttempts: 'Has superado el número de intentos. Solicita un nuevo código.',
  codeSendLimit: 'Has solicitado demasiados códigos. Por favor espera unos minutos antes de pedir otro.',
  phoneNotFound: 'El teléfono seleccionado no está registrado en tu cuenta.',
  codeSent: 'Te enviamos un código de 6 números.',
  phoneVerified: 'Cuenta Verificada',
  sessionsRevoked: 'Sesión cerrada en todos los Dispositivos',
  confirmationMailSent: 'Correo de Confirmación enviado',
  resetAccountMailSent: 'Correo para restablecer cuenta enviado',
  /** E-mail verification (decision 039): the link mailed at sign-up, and where it is asked for. */
  emailUnverified:
    'Primero confirma tu correo: abre el enlace que te enviamos al registrarte. Si no lo encuentras, te enviamos uno nuevo.',
  emailUnverifiedShort: 'Tu correo aún no está confirmado.',
  resendVerificationLink: 'Reenviar enlace',
  verificationLinkSent: 'Te enviamos un nuevo enlace de confirmación. Revisa tu correo.',
  verificationLinkLimit:
    'Ya te enviamos varios enlaces. Por favor espera una hora antes de pedir otro y revisa tu carpeta de spam.',
  emailAlreadyVerified: 'Tu correo ya está confirmado.',
  verifyEmailTitle: 'Confirmar correo',
  verifyEmailChecking: 'Estamos confirmando tu correo…',
  emailVerified: 'Tu correo quedó confirmado. Ya puedes aceptar invitaciones y participar en el sorteo.',
  verifyEmailInvalid:
    'El enlace de confirmación no es válido, ya se usó o expiró. Inicia sesión y pide uno nuevo desde Configuración.',
  verifyEmailContinue: 'Ir a mi cuenta',
  registerCheckEmail: 'Te enviamos un correo con un enlace para confirmar tu dirección.',
} as const;

/** Texts of the contact widget (spec §2, §4, §8). */
export const widgetTexts = {
  contactSent: 'Formulario Enviado Con Exito!',
  videoMailSent: 'El VideoEmail Fue enviado con exito',
  cameraFailure: 'Unable to capture your camera. Please check console logs.',
  cameraFailureHelp:
    'No pudimos usar tu cámara o tu micrófono. Revisa que el navegador tenga permiso para usarlos e inténtalo nuevamente.',
  contactPhoneInvalid: 'Ingresa los 8 números de tu celular después de +569.',
  videoMailPhoneInvalid: 'Ingresa tu teléfono completo después de +56.',
  messageTooLong: 'El mensaje no puede superar los 360 caracteres.',
  videoRequired: 'Graba un video antes de enviarlo.',
  uploadFailed: 'No pudimos enviar tu video. Tu grabación sigue aquí: puedes intentarlo nuevamente.',
  uploadWaitingForNetwork: 'Se perdió la conexión. Seguiremos enviando tu video apenas vuelva.',
  uploadNotFound: 'Ese envío de video ya no existe. Vuelve a enviar tu grabación.',
  uploadIncomplete: 'Tu video todavía no termina de llegar. Seguiremos enviándolo.',
  uploadFinishing: 'Tu video está llegando a la central. Espera un momento.',
  videoSizeInvalid: 'No pudimos leer el tamaño de tu video. Vuelve a grabarlo.',
  /** The browser cannot record a video the console plays, or its recorder wrote nothing (decision 037). */
  cannotRecord:
    'Este navegador no puede grabar video. Puedes pedir que te llamemos o escribirnos por el formulario de contacto.',
  drawerTitle: 'Contáctanos',
  drawerLead: 'Elige cómo quieres comunicarte con la central.',
  close: 'Cerrar',
  back: 'Volver',
  contactIntro: 'Escríbenos y la central te responderá a la brevedad.',
  send: 'Enviar',
  otherContactWays: 'Otras formas de contacto',
  emergencyLead: '¿Es una emergencia?',
  /** Follows `emergencyLead` in the same sentence, hence the leading space. */
  emergencyNumbers:
    ' No esperes la respuesta: llama al 133 (Carabineros), al 131 (ambulancia) o al 132 (Bomberos).',
  writeToEmail: 'También puedes escribirnos a',
  recordedVideo: 'Tu video grabado',
  recordingTime: 'Tiempo de grabación',
  tipsTitle: 'Antes de grabar',
  tipAllowCamera: 'Cuando el navegador lo pregunte, permite usar la cámara y el micrófono.',
  tipLightAndQuiet: 'Busca un lugar con luz y con poco ruido.',
  tipTellWhat: 'Cuenta qué pasó, dónde y cuándo. Puedes revisar el video antes de enviarlo.',
  tipEmergency: 'Si estás en una emergencia, llama al 133 (Carabineros).',
  recordStepTitle: '1. Tu video',
  recordIntro:
    'Graba un video de hasta 3 minutos contándonos qué necesitas. Después podrás revisarlo y enviarlo con tus datos.',
  recordNew: 'Grabar nuevo video',
  preparingVideo: 'Preparando tu video…',
  maxDuration: 'Duración máxima: 3 minutos',
  startRecording: 'Comenzar grabación',
  stopRecording: 'Detener grabación',
  cancel: 'Cancelar',
  recordAgain: 'Grabar otra vez',
  detailsStepTitle: '2. Revisa tu video y completa tus datos',
  noThumbnail: 'No pudimos obtener una imagen de tu video. Por favor, grábalo otra vez.',
  messageCount: (length: number, max: number) => `${length} de ${max} caracteres`,
  sendAgain: 'Enviar nuevamente',
  uploadProgress: (percent: number) => `Enviando video… ${percent} %`,
  sendVideo: 'Enviar video',
  missingCompanyKey: 'Falta la clave de empresa en la dirección del widget.',
} as const;

export const pageTexts = {
  resultsTitle: 'Resultados Sorteo de Cámaras',
  resultsContactNote:
    'Los ganadores serán contactados por correo electrónico o por WhatsApp para coordinar la entrega de su cámara.',
  notFoundTitle: 'Página no encontrada',
  notFoundBody: 'La página que buscas no existe o cambió de dirección.',
} as const;

/** Texts of the video call (spec §2, §4, §8): the caller's panel, the call view and its chat. */
export const callTexts = {
  defaultSpeciality: 'General',
  call: 'Llamar',
  endCall: 'Terminar Llamada',
  ended: 'Fin de la video llamada',
  waiting: 'Esperando a una operadora…',
  queuePosition: (position: number) =>
    position <= 1
      ? 'Eres el siguiente en la fila.'
      : `Hay ${position - 1} ${position - 1 === 1 ? 'persona' : 'personas'} antes que tú en la fila.`,
  estimatedWait: (seconds: number) =>
    seconds < 60
      ? 'Tiempo estimado de espera: menos de 1 minuto.'
      : `Tiempo estimado de espera: ${Math.round(seconds / 60)} min.`,
  connecting: 'Conectando con la operadora…',
  connected: 'Conectado',
  reconnecting: 'Reconectando…',
  chatPlaceholder: 'Escribe un mensaje',
  attachmentTooLarge: 'El archivo supera el máximo de 25 MB.',
  attachmentHint: 'Puedes adjuntar archivos de cualquier tipo, de hasta 25 MB.',
  attachmentFailed: 'No pudimos enviar el archivo. Inténtalo nuevamente.',
  /** Why the call could not start; each is one sentence and the video mail panel opens below it. */
  noOperators: 'No hay operadoras disponibles en este momento, así que puedes dejarnos un video mail.',
  outsideHours: 'La central está fuera de su horario de atención, así que puedes dejarnos un video mail.',
  serviceOff:
    'Las videollamadas no están disponibles en este momento, así que puedes dejarnos un video mail.',
  callFailed: 'No pudimos iniciar la videollamada, así que puedes dejarnos un video mail.',
  /** The silent call (decision 060) could not start; here so the drawer's slot needs no more texts. */
  silentCallFailed: 'No pudimos iniciar la llamada silenciosa. Inténtalo nuevamente.',
  privateRoomInvalid: 'El enlace de esta videollamada privada no es válido o la llamada ya terminó.',
  /** The browser lacks WebRTC or a camera API (decision 037): said before anything is queued. */
  cannotCall:
    'Este navegador no permite videollamadas. Puedes dejarnos un video mail, pedir que te llamemos o escribirnos por el formulario de contacto.',
  cannotCallNorRecord:
    'Este navegador no permite videollamadas ni grabar video. Puedes pedir que te llamemos o escribirnos por el formulario de contacto.',
  /** The media never connected (decision 037): above the video mail, which keeps what was typed. */
  noMediaCaller:
    'No pudimos conectar el video con la central, así que puedes dejarnos un video mail. Lo que escribiste en el chat ya está en tu mensaje.',
  noMediaOperator:
    'No se pudo conectar el video con el ciudadano. La llamada terminó y quedó registrada como sin conexión.',
  leaveVideoMail: 'Dejar un video mail',
  askCallback: 'Pedir que me llamen',
  writeContactForm: 'Escribir por el formulario',
  callTaken: 'Otra operadora ya atendió esta llamada.',
  callNotFound: 'La llamada no existe o ya terminó.',
  notInCall: 'No participas en esta llamada.',
  /** The screen an operator shares and the video it pushes (spec §2), as the citizen sees them. */
  sharedScreen: 'Pantalla compartida por la operadora',
  pushedVideo: 'Video enviado por la central',
  videoNotFound: 'El video no existe o no pertenece a esta central.',
  videoCaptionsInvalid: 'Los subtítulos deben ser un archivo WebVTT (.vtt).',
  videoDeleted: 'Video eliminado.',
  videoLibraryFull: 'La biblioteca ya tiene el máximo de videos. Elimina alguno para subir otro.',
  enableSound: 'Activar sonido',
  loadingImage: 'Cargando imagen…',
  chatMessages: 'Mensajes',
  sending: 'Enviando…',
  chatMessage: 'Mensaje',
  attachFile: 'Adjuntar archivo',
  send: 'Enviar',
  callInProgress: 'Videollamada en curso',
  callWithCentral: 'Videollamada con la central',
  close: 'Cerrar',
  defaultDevice: 'Predeterminado',
  retry: 'Reintentar',
  devicesStepTitle: '1. Revisa tu cámara y tu micrófono',
  callStepTitle: '2. Llama a la central',
  privateRoomIntro:
    'Una operadora te invitó a una videollamada privada. Entrarás apenas tu cámara y tu micrófono estén listos.',
  callIntro: 'Una operadora de la central te atenderá por video. Elige el tema de tu consulta si lo sabes.',
  callWhenReady: 'Podrás llamar cuando tu cámara y tu micrófono estén listos.',
} as const;

// The texts of the larger areas live in their own files, one import path for every text. Those of
// pages the widget never shows (two-step, the console's data rights…) are imported from their own
// path instead, so the widget's first load does not carry them (decision 019).
export * from './messages/settings';
export * from './messages/payments';
export * from './messages/promo';
export * from './messages/phone';
export * from './messages/recordings';
export * from './messages/staff';
export * from './messages/audit';
export * from './messages/shared-ui';
export * from './messages/ratings';
export * from './messages/reports';
