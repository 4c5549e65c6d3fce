import { z } from 'zod';
import {
  LAUNCHER_COLOR_PATTERN,
  LAUNCHER_LABEL_MAX,
  contrastWithWhite,
  type WidgetAppearanceResponse,
} from './launcher-constants';

export * from './launcher-constants';

/**
 * The embedded widget's launcher (the floating button `widget.js` draws on a company's site), as
 * the company's admin sets it in the console (decision 036). Public: the loader reads it with
 * the company key, from any site.
 */

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

/** A colour the launcher's white label stays readable on (WCAG 1.4.3: 4.5 to 1). */
export const launcherColorSchema = z
  .string()
  .trim()
  .regex(LAUNCHER_COLOR_PATTERN, launcherTexts.colorInvalid)
  .refine((hex) => contrastWithWhite(hex) >= 4.5, launcherTexts.colorTooLight)
  .transform((hex) => hex.toLowerCase());

export const launcherLabelSchema = z
  .string()
  .trim()
  .min(1, launcherTexts.labelRequired)
  .max(LAUNCHER_LABEL_MAX, launcherTexts.labelTooLong);

export const widgetAppearanceQuerySchema = z.object({ key: z.string().trim().min(1).max(200) });

export const widgetAppearanceResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ launcher_color: z.string(), launcher_label: z.string() }),
}) satisfies z.ZodType<WidgetAppearanceResponse>;
