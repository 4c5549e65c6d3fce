/**
 * What the widget loader needs to know about the launcher, without zod (the loader must stay a
 * few kilobytes); the schemas and texts are in `launcher.ts` (decision 036).
 */
export const LAUNCHER_DEFAULTS = { color: '#0b3a75', label: 'Contáctanos' } as const;
export const LAUNCHER_LABEL_MAX = 30;
export const LAUNCHER_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;
export const WIDGET_APPEARANCE_PATH = '/api/widget/appearance';

/** `GET /api/widget/appearance?key=<company key>`. */
export type WidgetAppearanceResponse = {
  success: true;
  data: { launcher_color: string; launcher_label: string };
};

/** WCAG relative luminance of an sRGB colour written #rrggbb. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5]
    .map((start) => parseInt(hex.slice(start, start + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of white text on this background, from 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}
