export const dataRequestTexts = {
  filed: 'Recibimos tu solicitud. Te enviamos una confirmación por correo.',
  answered: 'Respuesta enviada.',
  extended: 'Plazo extendido.',
  notFound: 'No encontramos esa solicitud.',
  tooManyFilings:
    'Ya enviaste varias solicitudes hoy. Te responderemos las que están en curso; si necesitas algo más, escríbenos mañana.',
  alreadyAnswered: 'Esa solicitud ya fue respondida.',
  alreadyExtended: 'El plazo de esa solicitud ya fue extendido una vez.',
} as const;
