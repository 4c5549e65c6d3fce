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

/** The console's video library and the video pushed into a call (decision 014). */
export const videoLibraryTexts = {
  title: 'Videos para llamadas',
  lead: 'Videos cortos (mp4 o webm, hasta 100 MB) que una operadora puede reproducir al ciudadano durante una llamada. Los subtítulos (.vtt) son opcionales.',
  empty: 'Aún no hay videos.',
  videoTitle: 'Título',
  videoFile: 'Archivo de video',
  captionsFile: 'Subtítulos (opcional)',
  upload: 'Subir video',
  uploading: 'Subiendo video',
  uploaded: (title: string) => `Video «${title}» subido.`,
  uploadFailed: 'No se pudo subir el video',
  tooLarge: 'El video supera el máximo de 100 MB.',
  notAVideo: 'Elige un archivo mp4 o webm.',
  titleRequired: 'Escribe un título.',
  remove: 'Eliminar',
  removed: (title: string) => `Video «${title}» eliminado.`,
  removeFailed: 'No se pudo eliminar el video',
  withCaptions: 'con subtítulos',
  pushLabel: 'Video para el ciudadano',
  play: 'Reproducir video',
  stop: 'Detener video',
  playing: (title: string) => `Reproduciendo para el ciudadano: ${title}`,
  playFailed: 'No se pudo reproducir el video. Inténtalo nuevamente.',
} as const;

/** Configuración › Llamada silenciosa y Salida rápida (decision 060). */
export const silentCallSettingsTexts = {
  title: 'Llamada silenciosa y Salida rápida',
  lead: 'Para quien no puede hablar: la dirección a la que lleva Salida rápida y las preguntas que la operadora envía con un toque.',
  exitUrl: 'Dirección de Salida rápida',
  exitUrlHint: (fallback: string) =>
    `Una página neutra de otro sitio, que empiece con https://. Vacía, se usa ${fallback}.`,
  questions: 'Preguntas rápidas',
  questionsHint: 'Una pregunta por línea. El ciudadano responde Sí o No.',
  save: 'Guardar',
  saved: 'Llamada silenciosa guardada.',
  saveFailed: 'No se pudo guardar la llamada silenciosa.',
} as const;
