import { LAUNCHER_LABEL_MAX } from '../http/launcher-constants';

export const launcherTexts = {
  colorInvalid: 'Escribe el color como #RRGGBB, por ejemplo #0b3a75.',
  colorTooLight: 'Con ese color el texto blanco no se lee bien: elige un color más oscuro.',
  labelRequired: 'Escribe el texto del botón.',
  labelTooLong: `Usa ${LAUNCHER_LABEL_MAX} caracteres o menos.`,
  /** The console's editor. */
  title: 'Botón del widget',
  lead: 'Así se ve el botón que abre el widget en los sitios autorizados. El texto va en blanco sobre el color.',
  labelField: 'Texto del botón',
  colorField: 'Color del botón',
  colorHint: 'En formato #RRGGBB, por ejemplo #0b3a75.',
  preview: 'Vista previa',
  save: 'Guardar botón',
  saved: 'Botón del widget guardado.',
  saveFailed: 'No se pudo guardar el botón',
} as const;
