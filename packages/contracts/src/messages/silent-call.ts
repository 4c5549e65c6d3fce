/**
 * Texts of the silent call, its quick questions, real-time text and the quick exit (decision 060).
 * Shown in the widget: exported from `messages` with the others.
 */
export const silentCallTexts = {
  entry: 'Llamada silenciosa (solo texto)',
  entryDescription: 'Escribe con la central sin cámara, sin micrófono y sin ningún sonido.',
  intro:
    'Nadie a tu alrededor escuchará nada: no usaremos tu cámara ni tu micrófono, y el teléfono no sonará ni vibrará. Una operadora te atenderá por escrito.',
  start: 'Iniciar llamada silenciosa',
  title: 'Llamada silenciosa con la central',
  waiting: 'Esperando a una operadora… Puedes escribir ya: lo verá al atenderte.',
  connected: 'Una operadora te está leyendo.',
  ended: 'Fin de la llamada silenciosa',
  hangUp: 'Terminar',
  noOperators:
    'No hay operadoras disponibles en este momento. Puedes escribirnos por el formulario de contacto.',
  outsideHours:
    'La central está fuera de su horario de atención. Puedes escribirnos por el formulario de contacto.',
  serviceOff:
    'Las llamadas no están disponibles en este momento. Puedes escribirnos por el formulario de contacto.',
  /** The operator's side. */
  flag: 'Silenciosa',
  consoleTitle: 'Llamada silenciosa',
  consoleHint: 'El ciudadano no puede hablar: responde por escrito. No hay audio ni video en esta llamada.',
  quickQuestionsTitle: 'Preguntas rápidas',
  quickQuestionsHint: 'El ciudadano responde con un toque: Sí o No.',
  yes: 'Sí',
  no: 'No',
  answered: (answer: string) => `Respondió: ${answer}`,
  questionLabel: 'Pregunta de la operadora',
  alreadyAnswered: 'Ya respondiste esta pregunta.',
  /** Real-time text: what the citizen is typing, before sending it. */
  typingLabel: 'Escribiendo ahora',
  typingNothing: 'El ciudadano no está escribiendo.',
  showTyping: 'La operadora ve lo que escribo mientras lo escribo',
  showTypingHint: 'Así te entiende antes, aunque no alcances a enviar el mensaje.',
  quickExitByCitizen: 'El ciudadano salió rápido. La llamada terminó.',
} as const;

/** The quick questions of a company that set none (administrators edit them in Configuración). */
export const DEFAULT_QUICK_QUESTIONS = [
  '¿Estás en peligro ahora?',
  '¿Puedes hablar?',
  '¿Estás solo o sola?',
  '¿Quieres que enviemos ayuda a tu ubicación?',
  '¿Hay alguien herido?',
  '¿La persona que te amenaza está contigo?',
] as const;

/** The «Salida rápida» button, always in view in the widget, and Esc twice (decision 060). */
export const quickExitTexts = {
  button: 'Salida rápida',
  hint: 'Sal de esta página al instante. También puedes pulsar Esc dos veces.',
} as const;
