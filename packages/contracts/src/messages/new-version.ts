/**
 * What a page opened before a deploy shows when a piece of its code can no longer be loaded even
 * after reloading once (decision 055).
 */
export const newVersionTexts = {
  title: 'Se publicó una nueva versión.',
  body: 'Recarga la página para continuar.',
  reload: 'Recargar la página',
} as const;
