/** Texts the console repeats in several places. */
export const operatorTexts = {
  connectionProblem: 'Revisa tu conexión e inténtalo nuevamente.',
  markHandledFailed: 'No se pudo marcar como atendido. Inténtalo nuevamente.',
} as const;
