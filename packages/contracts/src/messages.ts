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
} as const;

/** Texts of the settings page (spec §2 Settings, §8), with the spec's spelling slips corrected. */
export const settingsTexts = {
  menuAccount: 'Cuenta',
  menuDevices: 'Dispositivos',
  menuNetworks: 'Redes de Seguridad',
  menuSecurity: 'Privacidad y Seguridad',
  menuSignOut: 'Salir',
  accountTitle: 'Configuración de la Cuenta',
  devicesTitle: 'Configuración de Dispositivos',
  networksTitle: 'Configuración de Redes',
  securityTitle: 'Configuración de Privacidad y Seguridad',
  twoFactorTitle: 'Autenticación en Dos Pasos',
  twoFactorBanner: 'Activar Autenticación en Dos Pasos',
  profileSaved: 'Datos actualizados correctamente',
  profileSaveFailed: 'Error al Actualizar',
  avatarTooLarge: 'La imagen no puede superar los 5 MB.',
  avatarWrongType: 'La imagen debe ser JPG, PNG o WebP.',
  fixedToPanel: 'Visualización Continua en Panel',
  deviceConfigSaved: 'Configuración del dispositivo guardada',
  deviceRemoved: 'Dispositivo eliminado',
  deviceNotFound: 'El dispositivo no existe o no es tuyo.',
  sessionRevoked: 'Sesión cerrada',
  sessionNotFound: 'La sesión no existe o ya fue cerrada.',
  cameraSharingSaved: 'Preferencias de cámaras guardadas',
  passwordRequired: 'Ingresa tu contraseña actual para continuar.',
  passwordWrong: 'La contraseña actual no es correcta.',
  phoneRemoved: 'Teléfono eliminado',
  failure: 'Error',
} as const;

/** Texts of the security network (spec §2, §4, §8). */
export const networkTexts = {
  myNetwork: 'Mi Red',
  externalNetworks: 'Redes Externas',
  inviteDialogTitle: 'Enviar Invitación',
  leaveDialogTitle: 'Salir de Red de Seguridad',
  invitationSent: 'Invitación enviada',
  invitationConfirmed: 'Invitación Confirmada',
  invitationRejected: 'Invitación Rechazada',
  invitationRemoved: 'Invitación eliminada',
  failure: 'Error',
  acceptFailed: 'Lo sentimos, ha ocurrido un error al procesar la solicitud. Por favor inténtalo nuevamente.',
  networkFull: 'Tu red de seguridad ya tiene 5 personas. Elimina a alguien antes de invitar a otra.',
  selfInvite: 'No puedes invitarte a ti mismo a tu red de seguridad.',
  alreadyInvited: 'Esa persona ya está en tu red de seguridad o tiene una invitación pendiente.',
  invitationInvalid: 'Esta invitación no es válida: pudo expirar, ser cancelada o ya fue respondida.',
  invitationNotForYou:
    'Esta invitación fue enviada a otro correo. Inicia sesión con la cuenta que la recibió para responderla.',
  invitationNotFound: 'La invitación no existe o no te corresponde.',
  /** The settings section's tables, dialogs and buttons (spec §2 Networks). */
  guestColumn: 'Invitado',
  ownerColumn: 'Propietario',
  emailColumn: 'Correo electrónico',
  actionsColumn: 'Acciones',
  statusColumn: 'Estado',
  add: 'Añadir',
  send: 'Enviar',
  cancel: 'Cancelar',
  confirm: 'Confirmar',
  reject: 'Rechazar',
  remove: 'Eliminar',
  statusLabels: { 1: 'Pendiente', 2: 'Confirmada', 3: 'Rechazada' },
  inviteEmailLabel: 'Correo electrónico',
  inviteDialogLead: 'Le enviaremos un correo con un enlace para aceptar o rechazar tu invitación.',
  myNetworkLead:
    'Las personas de tu red de seguridad reciben tus alertas de emergencia. Puedes tener hasta 5.',
  externalNetworksLead: 'Las redes de seguridad de otras personas a las que te invitaron.',
  placesUsed: (used: number, max: number) => `${used} de ${max} personas`,
  myNetworkEmpty: 'Aún no has invitado a nadie. Añade a alguien de confianza con su correo electrónico.',
  externalNetworksEmpty: 'Nadie te ha invitado todavía a su red de seguridad.',
  pendingAccount: 'Sin cuenta todavía',
  loadFailed: 'No pudimos cargar tus redes de seguridad.',
  retry: 'Reintentar',
  previousPage: 'Anterior',
  nextPage: 'Siguiente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  removeFromMyNetwork: (person: string) =>
    `¿Quieres quitar a ${person} de tu red de seguridad? Dejará de recibir tus alertas.`,
  cancelInvitation: (email: string) =>
    `¿Quieres cancelar la invitación enviada a ${email}? El enlace dejará de funcionar.`,
  leaveExternalNetwork: (person: string) =>
    `¿Quieres salir de la red de seguridad de ${person}? Dejarás de recibir sus alertas.`,
  removeConfirm: 'Quitar de mi red',
  cancelInvitationConfirm: 'Cancelar invitación',
  leaveConfirm: 'Salir de la red',
  keep: 'Volver',
  confirmDialogTitle: 'Confirmar invitación',
  rejectDialogTitle: 'Rechazar invitación',
  confirmInvitation: (person: string) =>
    `¿Quieres unirte a la red de seguridad de ${person}? Recibirás sus alertas de emergencia.`,
  rejectInvitation: (person: string) =>
    `¿Quieres rechazar la invitación de ${person}? Si cambias de opinión, tendrá que invitarte de nuevo.`,
  networksLabel: 'Redes de seguridad',
  loadingNetworks: 'Cargando tus redes de seguridad…',
  removeGuestLabel: (person: string) => `Eliminar a ${person}`,
  leaveNetworkLabel: (person: string) => `Eliminar la red de ${person}`,
  confirmLabel: (person: string) => `Confirmar la invitación de ${person}`,
  rejectLabel: (person: string) => `Rechazar la invitación de ${person}`,
  pendingCount: (count: number) => (count === 1 ? '1 pendiente' : `${count} pendientes`),
  /** The invitation page (spec §2 Network invitation page, §4 Invitation page). */
  invitePageTitle: 'Invitación a red de seguridad',
  invitedBy: (person: string) => `${person} te invitó a su red de seguridad.`,
  inviteExplanation:
    'Si aceptas, recibirás sus alertas de emergencia y podrás ayudarle cuando lo necesite. Puedes salir de su red cuando quieras desde Configuración.',
  accept: 'Aceptar',
  acceptedBody: (person: string) => `Ahora formas parte de la red de seguridad de ${person}.`,
  backToStart: 'Volver al inicio',
  signInAnotherAccount: 'Iniciar sesión con otra cuenta',
  loading: 'Cargando la invitación…',
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
  privateRoomInvalid: 'El enlace de esta videollamada privada no es válido o la llamada ya terminó.',
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
} as const;

/** The payment result dialog (spec §2, §8) and the payment calls' own errors. */
export const paymentTexts = {
  successTitle: 'Pago realizado',
  successBody: 'El pago ha sido procesado correctamente',
  failureTitle: 'Error en el pago',
  failureLines: [
    'Hubo un error en el pago',
    'No se ha podido procesar el pago correctamente',
    'No se han realizado cargos a tu cuenta',
    'Por favor intenta nuevamente',
  ],
  pendingTitle: 'Pago en proceso',
  pendingBody: 'Estamos esperando la confirmación de tu pago. Esta ventana se actualizará sola.',
  paymentId: 'ID de Pago',
  amount: 'Monto',
  media: 'Forma Pago',
  date: 'Fecha Pago',
  accept: 'Aceptar',
  startFailed: 'Lo sentimos, no se pudo iniciar el pago',
  orderNotFound: 'No encontramos el pago indicado.',
  planNotFound: 'El plan seleccionado no existe.',
  tooManyOrders: 'Has iniciado demasiados pagos en poco tiempo. Por favor espera unos minutos.',
  unavailable: 'Los pagos no están disponibles en este momento. Por favor inténtalo más tarde.',
} as const;

/** The checkout page (spec §2 Checkout page, §4 Checkout, §5, §8) and the buyer's purchases. */
export const checkoutTexts = {
  registerSuccess: 'Usuario registrado correctamente',
  buy: 'Comprar',
  shippingTitle: 'Datos de envío',
  loginTitle: 'Inicia sesión para comprar',
  registerTitle: 'Crea tu cuenta',
  perYear: 'al año',
  phoneInvalid: 'Ingresa un teléfono válido, por ejemplo +56912345678.',
  zipInvalid: 'El código postal debe tener 7 números.',
  qtyInvalid: 'La cantidad debe ser 1.',
  monthsInvalid: 'La cantidad de meses debe ser un número entero entre 1 y 12.',
  regionNotFound: 'La región seleccionada no existe.',
  communeNotInRegion: 'La comuna seleccionada no pertenece a la región.',
  myPurchasesTitle: 'Mis compras',
  noPurchases: 'Todavía no tienes compras.',
  orderStates: {
    pending: 'Pendiente',
    paid: 'Pagado',
    rejected: 'Rechazado',
    cancelled: 'Anulado',
    failed: 'No iniciado',
  },
} as const;

/** Texts of the promo page, the draw and its results (spec §2 Promo page, Results page, §4, §8). */
export const promoTexts = {
  heroEyebrow: 'Sorteo de 50 cámaras IP',
  heroTitle: 'Regístrate, invita a 3 contactos y participa por una cámara IP',
  heroLead:
    'Entre los primeros 1000 registrados que inviten a 3 contactos a su red de seguridad sortearemos 50 cámaras IP WiFi.',
  placesLeft: (places: number) => (places === 1 ? 'Queda 1 cupo de 1000' : `Quedan ${places} cupos de 1000`),
  placesFull: 'Ya se completaron los 1000 cupos del sorteo.',
  formTitle: 'Regístrate',
  name: 'Nombre',
  lastname: 'Apellido',
  email: 'Correo',
  phone: 'Teléfono',
  phoneHint: 'Los 8 números de tu celular después de +569.',
  password: 'Contraseña',
  passwordConfirmation: 'Repetir contraseña',
  register: 'Registrarme',
  registerFailedTitle: 'No pudimos registrarte:',
  /** Spec §8: each server message on its own line, prefixed '* '. */
  errorLine: (message: string) => `* ${message}`,
  signedInTitle: '¡Ya estás registrado!',
  winnersGetMail:
    'Si eres uno de los ganadores recibirás un correo electrónico con las instrucciones para recibir tu cámara.',
  invite: 'Invitar',
  registerAnother: 'Registrar Otro Usuario',
  progress: (sent: number, required: number) => `${sent}/${required} invitaciones`,
  progressLabel: 'Invitaciones enviadas',
  eligibleNote: 'Ya cumples los requisitos: estás participando en el sorteo.',
  pendingNote: (missing: number) =>
    missing === 1
      ? 'Te falta 1 invitación para participar.'
      : `Te faltan ${missing} invitaciones para participar.`,
  outsideFirstThousand:
    'Te registraste cuando ya se habían completado los 1000 cupos: tu cuenta está activa, pero no participa en este sorteo.',
  notRegistered:
    'Esta cuenta no se registró en el sorteo. El sorteo es para quienes se registran en esta página: usa Registrar Otro Usuario para crear una cuenta nueva.',
  inviteDialogTitle: 'Estás a punto de ganar. Invita a 3 contactos',
  inviteDialogLead:
    'Les enviaremos un correo para unirse a tu red de seguridad. Usa tres correos distintos que no sean el tuyo.',
  guestEmailLabel: (index: number) => `Correo del contacto ${index}`,
  send: 'Enviar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  successTitle: '¡Felicidades, ya estás participando!',
  successBody: 'Si eres un afortunado ganador Recibirás un correo',
  inviteFailed: 'Ha ocurrido un error',
  ownAddress: 'No puedes invitar a tu propio correo: invita a otra persona.',
  sameMailbox: 'Ese correo es otra forma de escribir un correo que ya invitaste: invita a otra persona.',
  repeatedInDialog: 'Escribe tres correos distintos.',
  notEntered: 'Tu cuenta no está registrada en el sorteo.',
  emailAlreadyEntered: 'Ese correo ya está registrado en el sorteo.',
  phoneAlreadyEntered: 'Ese teléfono ya está registrado en el sorteo.',
  videoTitle: 'Así funciona la app',
  videoPlay: 'Ver cómo funciona la app',
  appTitle: 'Qué puedes hacer con la app',
  appPoints: [
    'Botón de alerta: avisa a tu red de seguridad y a la central con un toque.',
    'Denuncias: informa delitos e incivilidades con fotos y ubicación.',
    'Videollamada con la central de seguridad, todos los días.',
    'Cámaras WiFi: mira tu casa desde el celular y compártelas con tu red.',
  ],
  rulesTitle: 'Cómo participar',
  rules: [
    'Regístrate con tu nombre, tu correo y tu celular.',
    'Invita a 3 contactos con su correo electrónico.',
    'Entre los primeros 1000 registrados que inviten a 3 contactos sortearemos 50 cámaras.',
  ],
  resultsLink: 'Ver el sorteo y sus resultados',
  /** Results page (spec §2 Results page) and its proof. */
  resultsLead:
    'Estos son los primeros 20 ganadores del sorteo de 50 cámaras IP entre los primeros 1000 registrados que invitaron a 3 contactos.',
  winnersCaption: 'Ganadores del sorteo de cámaras',
  winnersLoading: 'Cargando ganadores…',
  winnersFailed: 'No pudimos cargar la lista de ganadores. Por favor inténtalo nuevamente en unos minutos.',
  scheduledFor: (date: string) => `El sorteo se realizará el ${date}`,
  notPublished:
    'El sorteo aún no se publica. Aquí verás la fecha, la lista de participantes y los ganadores.',
  proofTitle: 'Comprueba el sorteo',
  proofLead:
    'Antes del sorteo publicamos un compromiso con la semilla secreta y la huella de la lista de participantes. Con la semilla revelada cualquiera puede recalcular a los ganadores.',
  commitment: 'Compromiso (SHA-256 de la semilla)',
  seed: 'Semilla revelada',
  seedHidden: 'Se revela al realizar el sorteo.',
  listHash: 'Huella de la lista (SHA-256)',
  eligibleCount: (count: number) => `${count} participantes en la lista`,
  downloadList: 'Descargar la lista de participantes (JSON)',
  drawnAt: (date: string) => `Sorteo realizado el ${date}`,
  howToVerifyTitle: 'Cómo verificar',
  howToVerify: [
    'Descarga la lista: los números de participante en su orden, unidos por un salto de línea, dan la huella publicada (SHA-256).',
    'Calcula el SHA-256 de los 32 bytes de la semilla revelada: debe coincidir con el compromiso publicado antes del sorteo.',
    'Baraja la lista con Fisher–Yates desde el primer puesto: para el puesto i elige j entre i y el final con HMAC-SHA256(semilla, contador) (los 4 primeros bytes como entero sin signo, el contador desde 0 escrito en decimal, descartando valores que sesgarían el módulo) e intercambia.',
    'Los primeros 50 de la lista barajada ganan una cámara; los siguientes son suplentes en ese orden.',
  ],
  /** The operator console's draw panel. */
  consoleTab: 'Sorteo',
  consoleTitle: 'Sorteo de cámaras',
  consoleEntries: (entries: number, eligible: number) =>
    `${entries} registrados en el sorteo; ${eligible} cumplen los requisitos.`,
  consoleScheduleLabel: 'Fecha y hora del sorteo',
  consolePublish: 'Publicar sorteo',
  consolePublishHint:
    'Publicar congela la lista de participantes y publica su huella y el compromiso de la semilla. No se puede deshacer.',
  consoleRun: 'Realizar sorteo',
  consoleRunHint: 'Revela la semilla, calcula a los ganadores y les envía un correo.',
  consolePublished: 'Sorteo publicado',
  consoleDrawn: 'Sorteo realizado',
  consoleWinnersTitle: 'Ganadores y suplentes',
  consoleAlternate: 'Suplente',
  consoleWinner: 'Ganador',
  alreadyPublished: 'El sorteo ya fue publicado.',
  notYetPublished: 'Primero hay que publicar el sorteo.',
  noEligible: 'Aún no hay participantes que cumplan los requisitos.',
  scheduleInPast: 'La fecha del sorteo no puede estar en el pasado.',
  tooEarly: 'Aún no llega la fecha programada del sorteo.',
  winnerMailSubject: (brand: string) => `${brand}: ¡ganaste una cámara IP en el sorteo!`,
} as const;

/** The prize wheel (spec §2 Wheel, §4 Wheel, §8). */
export const wheelTexts = {
  title: 'Ruleta de premios',
  intro: 'Gira la ruleta y gana cámaras IP, giros extra u oportunidades adicionales en el sorteo de cámaras.',
  spin: 'GIRAR PARA GANAR',
  spinning: 'Girando…',
  goHome: 'IR AL INICIO',
  spinAgain: 'VOLVER A GIRAR',
  noAttemptsLeft: 'No te quedan intentos!',
  noAttemptsLeftBody: 'Ya usaste todos tus giros. Te avisaremos por correo si resultas ganador.',
  resultTitle: '¡Felicidades!',
  attemptsLeft: (count: number) => (count === 1 ? 'Te queda 1 intento' : `Te quedan ${count} intentos`),
  opportunities: (count: number) =>
    count === 1
      ? 'Tienes 1 oportunidad adicional en el sorteo'
      : `Tienes ${count} oportunidades adicionales en el sorteo`,
  prizeLabel: {
    camera: (amount: number) => (amount === 1 ? 'Cámara IP' : `${amount} cámaras IP`),
    opportunities: (amount: number) => `+${amount} ${amount === 1 ? 'oportunidad' : 'oportunidades'}`,
    new_spin: (amount: number) => (amount === 1 ? 'Giro extra' : `${amount} giros extra`),
  },
  /** The short text drawn on a section (the pictures say the rest). */
  sectionLabel: {
    camera: () => 'Cámara IP',
    opportunities: (amount: number) => `+${amount}`,
    new_spin: () => 'Giro extra',
  },
  prizeWon: {
    camera: (amount: number) =>
      amount === 1
        ? 'Ganaste una cámara IP. Te contactaremos por correo o WhatsApp para la entrega.'
        : `Ganaste ${amount} cámaras IP. Te contactaremos por correo o WhatsApp para la entrega.`,
    opportunities: (amount: number) =>
      amount === 1
        ? 'Ganaste 1 oportunidad adicional en el sorteo de cámaras.'
        : `Ganaste ${amount} oportunidades adicionales en el sorteo de cámaras.`,
    new_spin: (amount: number) =>
      amount === 1 ? 'Ganaste un giro extra.' : `Ganaste ${amount} giros extra.`,
  },
  loadFailed: 'No pudimos cargar la ruleta. Por favor inténtalo nuevamente.',
  retry: 'Reintentar',
  spinFailed: 'No pudimos girar la ruleta. Por favor inténtalo nuevamente.',
  wheelLabel: (prizes: string[]) => `Ruleta con ${prizes.length} premios: ${prizes.join(', ')}`,
  loading: 'Cargando la ruleta…',
} as const;
