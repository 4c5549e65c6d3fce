/** Texts of the web app's shared controls (dialogs, notices, fields, store buttons). */
export const sharedUiTexts = {
  close: 'Cerrar',
  cancel: 'Cancelar',
  previousPage: 'Anterior',
  nextPage: 'Siguiente',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
  closeNotice: 'Cerrar aviso',
  showPassword: 'Mostrar',
  hidePassword: 'Ocultar',
  /** Read after "Mostrar"/"Ocultar" by screen readers, hence the leading space. */
  passwordSuffix: ' contraseña',
  appStoreLead: 'Descárgala en',
  appStore: 'App Store',
  playStoreLead: 'Disponible en',
  playStore: 'Google Play',
  cameraPreview: 'Vista previa de tu cámara',
} as const;
