import type { CallKind } from '../http/calls';

/** The console's list of the company's latest calls (spec §2, operator console). */
export const callHistoryTexts = {
  title: 'Últimas llamadas',
  loading: 'Cargando…',
  empty: 'Todavía no hay llamadas.',
  privateRoom: 'Sala privada',
  status: {
    waiting: 'En espera',
    active: 'En curso',
    ended: 'Atendida',
    abandoned: 'Abandonada',
  },
  /** Accepted, but the media never connected (decision 037). */
  noMedia: 'Sin conexión',
  /** The citizen left with Salida rápida (decision 060). */
  quickExit: 'Salida rápida',
  /** Which way the citizen reached the centre: a phone call and a video call otherwise read alike. */
  channel: {
    video: 'Videollamada',
    phone: 'Llamada telefónica',
    text: 'Llamada silenciosa',
  } satisfies Record<CallKind, string>,
  duration: (duration: string) => `Duración ${duration}`,
  messages: (count: number) => (count === 1 ? '1 mensaje' : `${count} mensajes`),
} as const;
