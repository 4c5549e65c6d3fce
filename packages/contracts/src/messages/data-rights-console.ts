import {
  DATA_REQUEST_DAYS,
  DATA_REQUEST_EXTENSION_DAYS,
  DATA_REQUEST_NEAR_DAYS,
  type DataRequestStatus,
} from '../http/data-requests';
import type { HoldSubject } from '../http/retention';

/** The console's «Solicitudes» tab: rights requests (decisions 034, 041). */
export const dataRequestConsoleTexts = {
  tab: 'Solicitudes',
  title: 'Solicitudes sobre datos personales',
  intro: `Cada solicitud se responde dentro de ${DATA_REQUEST_DAYS} días corridos. El plazo puede extenderse una sola vez, hasta ${DATA_REQUEST_EXTENSION_DAYS} días más, indicando el motivo a la persona. Se marcan las que vencen en ${DATA_REQUEST_NEAR_DAYS} días o menos y las vencidas.`,
  loading: 'Cargando las solicitudes…',
  loadFailed: 'No pudimos cargar las solicitudes',
  retry: 'Reintentar',
  empty: 'No hay solicitudes.',
  status: { open: 'Abierta', answered: 'Respondida' } satisfies Record<DataRequestStatus, string>,
  nearDeadline: 'Vence pronto',
  overdue: 'Vencida',
  extendedBadge: 'Plazo extendido',
  filedOn: (date: string) => `Recibida el ${date}`,
  dueOn: (date: string) => `Responder a más tardar el ${date}`,
  answeredOn: (date: string) => `Respondida el ${date}`,
  from: 'Solicitante',
  answerHeading: 'Respuesta',
  answer: 'Responder',
  answerLabel: 'Respuesta a la persona',
  answerHint: 'Se envía por correo y queda en el registro de auditoría.',
  sendAnswer: 'Enviar respuesta',
  answerFailed: 'No se pudo enviar la respuesta',
  extend: 'Extender plazo',
  extendLabel: 'Motivo de la prórroga',
  extendHint: `El plazo se extiende ${DATA_REQUEST_EXTENSION_DAYS} días; el motivo se envía a la persona por correo.`,
  confirmExtend: `Extender ${DATA_REQUEST_EXTENSION_DAYS} días`,
  extendFailed: 'No se pudo extender el plazo',
  cancel: 'Cancelar',
} as const;

/** The console's «Retención» tab: each kind's period within its bounds (decision 034). */
export const retentionConsoleTexts = {
  tab: 'Retención',
  title: 'Plazos de conservación de datos',
  intro:
    'Cuánto tiempo guarda tu central cada tipo de dato personal antes de borrarlo. Los plazos se cuentan en días (un mes son 30 días y un año 365) y deben quedar dentro de los límites de cada tipo. Lo borrado no se puede recuperar; los elementos con retención legal no se borran mientras esta siga vigente.',
  loading: 'Cargando los plazos…',
  loadFailed: 'No pudimos cargar los plazos',
  retry: 'Reintentar',
  columns: {
    kind: 'Tipo de dato',
    current: 'Plazo actual',
    defaultDays: 'Por defecto',
    bounds: 'Límites',
    change: 'Cambiar',
  },
  days: (days: number) => (days === 1 ? '1 día' : `${days} días`),
  bounds: (min: number, max: number) => `${min} a ${max} días`,
  fixed: 'Fijo',
  daysLabel: (label: string) => `Días para ${label}`,
  save: 'Guardar',
  saved: (label: string, period: string) => `${label}: ahora se guardan ${period}.`,
  saveFailed: 'No se pudo guardar el plazo',
  notANumber: 'Escribe el plazo en días, con un número entero.',
} as const;

/** Legal holds where staff see the items (decision 034): supervisors and administrators. */
export const holdConsoleTexts = {
  hold: 'Retener',
  release: 'Liberar',
  held: 'Retención legal',
  heldBecause: (reason: string) => `Retenido: ${reason}`,
  reasonLabel: 'Motivo de la retención',
  reasonHint:
    'Por ejemplo, el reclamo, la denuncia o la investigación que lo necesita. Queda en el registro de auditoría.',
  confirm: 'Retener',
  cancel: 'Cancelar',
  placed: 'Retención legal registrada: no se borrará hasta liberarla.',
  released: 'Retención liberada: vuelve a aplicarse el plazo de conservación.',
  holdFailed: 'No se pudo retener',
  releaseFailed: 'No se pudo liberar',
  subjects: {
    call: 'la llamada',
    video_mail: 'el video mail',
    contact_message: 'el mensaje',
  } satisfies Record<HoldSubject, string>,
} as const;
