import { z } from 'zod';
import {
  LAUNCHER_COLOR_PATTERN,
  LAUNCHER_LABEL_MAX,
  contrastWithWhite,
  type WidgetAppearanceResponse,
} from './launcher-constants';
import { launcherTexts } from '../messages/launcher';

export * from './launcher-constants';

/**
 * The embedded widget's launcher (the floating button `widget.js` draws on a company's site), as
 * the company's admin sets it in the console (decision 036). Public: the loader reads it with
 * the company key, from any site.
 */

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
