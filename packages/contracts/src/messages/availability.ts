export const availabilityTexts = {
  title: 'Mi estado',
  choose: 'Cambiar mi estado',
  pauseReason: 'Motivo de la pausa',
  reasonRequired: 'Elige el motivo de la pausa.',
  stateInvalid: 'Elige Disponible o En pausa.',
  pausedNotice: 'Estás en pausa: no te ofreceremos llamadas nuevas.',
  /** A supervisor or an administrator who has not chosen Disponible (their state by default). */
  notTakingCalls: 'No recibe llamadas',
  notTakingCallsNotice: 'Como supervisor o administrador no recibes llamadas hasta que elijas Disponible.',
  offeredToYou: 'Llamada para ti',
  offeredAfterCall: 'Llamada para ti: vuelve a la fila para aceptarla.',
  offerCountdown: (seconds: number) =>
    `Tienes ${seconds} s para aceptarla; después se ofrece a todo el equipo.`,
  offeredToOther: (name: string, seconds: number) => `Ofrecida a ${name} · para todos en ${seconds} s`,
  decline: 'Dejar pasar',
  allowDesktopNotices: 'Avisarme también en el escritorio',
  declined: 'Dejaste pasar la llamada: ahora la ve todo el equipo.',
  offerHeld: 'Esta llamada está ofrecida a otra persona del equipo por unos segundos.',
  notOffered: 'Esta llamada ya no está ofrecida a ti.',
  notYourSpeciality: 'Esta llamada es de una especialidad que no atiendes.',
  saved: 'Estado actualizado.',
} as const;
