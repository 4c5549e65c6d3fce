/** Texts of the phone-call panel and of the callback request (spec §2, §4; decision 018). */
export const phoneCallTexts = {
  entry: 'Llamada',
  entryDescription: 'Habla con la central desde tu navegador o pide que te llamemos.',
  call: 'Llamar',
  hangUp: 'Terminar',
  ended: 'Fin de la llamada',
  ready: 'Habla con una operadora de la central desde tu navegador. Solo usaremos tu micrófono.',
  preparing: 'Preparando la llamada…',
  waiting: 'Esperando a una operadora…',
  connecting: 'Conectando…',
  connected: 'En llamada con la central',
  reconnecting: 'Reconectando…',
  keypad: 'Teclado',
  digitsLabel: 'Números marcados',
  digitsHint: 'Si la operadora te pide un número, márcalo aquí. Solo se aceptan números.',
  microphoneFailed:
    'No pudimos usar tu micrófono. Revisa que el navegador tenga permiso para usarlo e inténtalo nuevamente.',
  callFailed: 'No pudimos iniciar la llamada. Inténtalo nuevamente.',
  /** No WebRTC or no microphone API in this browser (decision 037): said before anything is queued. */
  cannotCall:
    'Este navegador no permite llamadas por internet. Puedes pedir que te llamemos o escribirnos por el formulario de contacto.',
  noOperators: 'No hay operadoras disponibles en este momento.',
  outsideHours: 'La central está fuera de su horario de atención.',
  serviceOff: 'Las llamadas no están disponibles en este momento.',
  tokenInvalid: 'El permiso para esta llamada venció o ya se usó. Presiona Llamar nuevamente.',
  close: 'Cerrar',
  remoteAudio: 'Audio de la operadora',
  /** The console's side. */
  consoleTitle: 'Llamada telefónica',
  consoleDigits: (digits: string) => `Dígitos: ${digits}`,
  consoleNoDigits: 'El ciudadano aún no marca dígitos.',
  remoteAudioConsole: 'Audio del ciudadano',
} as const;

export const callbackTexts = {
  request: 'Solicitar llamada',
  title: 'Te llamamos',
  lead: 'Déjanos tu celular y una operadora de la central te llamará.',
  instead: '¿No quieres esperar? Déjanos tu número y te llamamos.',
  phoneLabel: 'Teléfono celular',
  phoneHint: 'Escribe los 8 números que siguen a +569.',
  timeLabel: 'Horario preferido',
  asap: 'Lo antes posible',
  slot: (start: string, end: string) => `Hoy entre las ${start} y las ${end}`,
  slotInvalid: 'Elige un horario dentro del horario de atención de hoy.',
  sent: 'Solicitud enviada. Te llamaremos al número que indicaste.',
  off: 'La central no está recibiendo solicitudes de llamada en este momento.',
  phoneBusy: 'Ya recibimos solicitudes de llamada para ese número. Te llamaremos pronto.',
  /** The console's side. */
  consoleTitle: 'Solicitudes de llamada',
  consoleEmptyPending:
    'No hay solicitudes de llamada pendientes. Las nuevas aparecerán aquí sin recargar la página.',
  consoleEmptyAll: 'Todavía no llegan solicitudes de llamada.',
  consoleTab: 'Devolver llamada',
  preferred: 'Horario preferido:',
  noteLabel: 'Nota (opcional)',
  noteTooLong: 'La nota no puede superar los 500 caracteres.',
  markDone: 'Marcar como atendida',
  done: 'Atendida',
  handledNote: 'Nota:',
  announce: (phone: string) => `Nueva solicitud de llamada de ${phone}`,
  markFailed: 'No se pudo marcar como atendida. Inténtalo nuevamente.',
} as const;
