/** Texts of the camera draw and of the prize wheel. */

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
  videoCaptions: 'Español',
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
  /** The phone's code step after sign-up, and what an entry still needs to count (decision 039). */
  phoneStepTitle: 'Confirma tu celular',
  phoneStepLead: (maskedPhone: string) =>
    `Para participar en el sorteo confirma tu celular ${maskedPhone} con el código de 6 números que te enviaremos.`,
  sendPhoneCode: 'Enviarme el código por SMS',
  resendPhoneCode: 'Enviar otro código',
  phoneCodeLabel: 'Código de 6 números',
  confirmPhone: 'Confirmar celular',
  phoneConfirmed: 'Tu celular quedó confirmado.',
  phoneCodeSent: 'Te enviamos un código de 6 números a tu celular.',
  phoneAlreadyConfirmed: 'Tu celular ya está confirmado.',
  emailStepLead:
    'Para participar en el sorteo también debes confirmar tu correo con el enlace que te enviamos.',
  notCountedYet: 'Tu registro cuenta para el sorteo cuando confirmes tu celular y tu correo.',
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
  eligibleCount: (count: number) => `${count} ${count === 1 ? 'participante' : 'participantes'} en la lista`,
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
