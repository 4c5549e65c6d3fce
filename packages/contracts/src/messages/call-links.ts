/** Texts of the call link an operator sends by SMS or WhatsApp (decision 061). */
export const callLinkTexts = {
  title: 'Enviar enlace de videollamada',
  lead: 'Para quien llamó por teléfono: recibe un enlace, lo toca y entra a una videollamada contigo, sin cuenta ni aplicación.',
  phone: 'Celular del ciudadano',
  phoneHint: 'Un celular chileno: +569 y 8 dígitos.',
  phoneInvalid: 'Escribe un celular chileno: +569 y 8 dígitos.',
  channel: 'Enviar por',
  channelInvalid: 'Elige SMS o WhatsApp.',
  channels: { sms: 'SMS', whatsapp: 'WhatsApp' },
  send: 'Enviar enlace',
  sent: 'Enlace enviado. Entra a la sala para esperar al ciudadano.',
  sendFailed: 'No pudimos enviar el enlace. Inténtalo de nuevo.',
  messagingOff:
    'Esta central no tiene configurado el envío de SMS ni WhatsApp. Comparte el enlace de una sala privada por otro medio.',
  providerFailed: 'El proveedor de mensajes no aceptó el envío. Revisa el número e inténtalo de nuevo.',
  tooManyByOperator: 'Enviaste muchos enlaces en poco tiempo. Espera unos minutos.',
  tooManyToPhone: 'Ese celular ya recibió varios enlaces en la última hora.',
  recent: 'Enlaces enviados',
  none: 'Aún no envías enlaces.',
  states: {
    sent: 'Enviado',
    delivered: 'Entregado',
    failed: 'No entregado',
    opened: 'Abierto',
    in_call: 'En llamada',
    ended: 'Usado',
    expired: 'Vencido',
  },
  expiresAt: (time: string) => `vence a las ${time}`,
  /** The message the citizen receives. */
  message: (centre: string, link: string, minutes: number) =>
    `${centre}: toca este enlace para hablar por video con la central: ${link} (vence en ${minutes} minutos, es de un solo uso).`,
  /** The citizen's side, when the link no longer works. */
  expired: 'Este enlace venció. Llama de nuevo a la central o pide otro enlace.',
  used: 'Este enlace ya se usó. Llama de nuevo a la central o pide otro enlace.',
  settingsMinutes: 'Minutos que dura un enlace de videollamada',
  settingsMinutesHint: 'Entre 5 y 60. Pasado ese tiempo sin abrirse, el enlace deja de funcionar.',
  settingsSave: 'Guardar duración',
  settingsSaved: 'Duración de los enlaces guardada.',
  settingsFailed: 'No se pudo guardar la duración de los enlaces.',
} as const;
