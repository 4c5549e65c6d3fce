/** Texts of the console's Supervisión and Reportes tabs (decision 045). */
export const reportTexts = {
  reportsTab: 'Reportes',
  supervisionTab: 'Supervisión',
  badDate: 'Ingresa una fecha válida (día, mes y año).',
  badRange: 'La fecha final no puede ser anterior a la inicial.',
  rangeTooLong: 'Un reporte puede abarcar hasta un año.',
  badGroup: 'Agrupa por hora, día, especialidad, canal u operador.',
  badTable: 'Elige la tabla que quieres descargar.',
  badSeconds: 'Ingresa un umbral de 1 a 600 segundos.',
  badPercent: 'Ingresa un porcentaje de 1 a 100.',
  thresholdsOrder: 'El segundo umbral debe ser igual o mayor que el primero.',
  serviceLevelSaved: 'Niveles de servicio guardados.',
} as const;
