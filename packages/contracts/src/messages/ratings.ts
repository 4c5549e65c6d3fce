/** Texts of the citizen's rating of a call (decision 044): the end-of-call form and the console. */
export const ratingTexts = {
  question: '¿Cómo fue tu atención?',
  star: (stars: number) => (stars === 1 ? '1 estrella' : `${stars} estrellas`),
  commentLabel: 'Comentario (opcional)',
  commentCount: (used: number, max: number) => `${used} de ${max} caracteres`,
  send: 'Enviar',
  skip: 'Omitir',
  thanks: '¡Gracias por tu opinión!',
  sendFailed: 'No pudimos enviar tu opinión. Inténtalo nuevamente.',
  starsRequired: 'Elige de 1 a 5 estrellas.',
  commentTooLong: 'El comentario puede tener hasta 500 caracteres.',
  alreadyRated: 'Esta llamada ya fue calificada.',
  notRateable: 'Solo se puede calificar una llamada atendida que ya terminó.',
  /** The console's summary in the Llamadas tab's history. */
  consoleTitle: 'Calificaciones',
  consoleSummary: (average: number, count: number) =>
    count === 0
      ? 'Aún no hay calificaciones.'
      : `Promedio ${average.toFixed(1).replace('.', ',')} de 5 en ${count} ${count === 1 ? 'calificación' : 'calificaciones'}`,
  consoleLatest: 'Últimos comentarios',
  consoleStars: (stars: number) => `${stars} de 5 estrellas`,
  consoleNotRated: 'Sin calificar',
} as const;
