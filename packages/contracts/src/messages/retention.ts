/** Texts of the retention table and legal holds (decision 034). */
export const retentionTexts = {
  periodSaved: 'Plazo de conservación guardado.',
  holdPlaced: 'Retención legal registrada.',
  holdReleased: 'Retención legal liberada.',
  holdSubjectNotFound: 'No encontramos ese elemento en tu central.',
  holdNotFound: 'Ese elemento no tiene una retención legal.',
} as const;
