/**
 * The settings page's own copy, beyond the spec's texts (those live in contracts' `settingsTexts`
 * and `accountTexts`): headings, hints and button labels the spec leaves unsaid.
 */
export const settingsUiTexts = {
  pageTitle: 'Configuración',
  menuLabel: 'Secciones de la configuración',
  loading: 'Cargando…',
} as const;
