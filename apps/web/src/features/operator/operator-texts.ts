/** Texts the console repeats in several places. */
export const operatorTexts = {
  connectionProblem: 'Revisa tu conexión e inténtalo nuevamente.',
  markHandledFailed: 'No se pudo marcar como atendido. Inténtalo nuevamente.',
} as const;

/** The console's side of a video call; what both sides read comes from `callTexts`. */
export const consoleCallTexts = {
  remoteVideo: 'Video del ciudadano',
  localVideo: 'Tu cámara',
  joining: 'Entrando a la llamada…',
  waitingForCitizen: 'Esperando que el ciudadano entre a la sala…',
  connecting: 'Conectando con el ciudadano…',
  unknownOrigin: 'Origen desconocido',
  acceptFailed: 'No pudimos aceptar la llamada. Inténtalo nuevamente.',
  privateRoomFailed: 'No pudimos crear la sala privada. Inténtalo nuevamente.',
  linkCopied: 'Enlace copiado.',
  linkCopyFallback: 'No pudimos copiarlo: selecciona el enlace del campo y cópialo.',
  socketNotReady: 'La consola aún se está conectando. Inténtalo en unos segundos.',
  shareScreen: 'Compartir pantalla',
  stopSharing: 'Dejar de compartir',
  sharingScreen: 'Estás compartiendo tu pantalla.',
  screenSeen: 'El ciudadano ya ve tu pantalla.',
  screenPreview: 'Tu pantalla compartida',
  shareFailed: 'No pudimos compartir tu pantalla. Inténtalo nuevamente.',
} as const;
