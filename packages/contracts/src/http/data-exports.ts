import { z } from 'zod';
import { apiRoute } from './api-route';

/**
 * «Descargar mis datos» (decision 040): the right of access and portability. A ZIP is prepared in
 * the background, the citizen is mailed, and it can be downloaded with the session for 7 days.
 */
export const DATA_EXPORT_DAYS = 7;
/** Exports an account may ask for in 24 hours: each one reads every file the account has. */
export const DATA_EXPORTS_PER_DAY = 3;

export type DataExportStatus = 'preparing' | 'ready' | 'failed';

export const dataExportTexts = {
  requested: 'Estamos preparando tus datos. Te avisaremos por correo cuando estén listos.',
  inProgress: 'Ya estamos preparando tus datos. Te avisaremos por correo cuando estén listos.',
  tooMany: `Puedes pedir tus datos hasta ${DATA_EXPORTS_PER_DAY} veces al día. Inténtalo mañana.`,
  notFound: 'Ese archivo ya no está disponible. Pide tus datos de nuevo.',
  downloadTitle: 'Descargar mis datos',
  downloadIntro:
    'Prepararemos un archivo ZIP con todo lo que la plataforma guarda sobre tu cuenta: perfil, dispositivos, sesiones, redes, pedidos, sorteos, ruleta, correos de video, mensajes, llamadas con su chat y archivos, y solicitudes de llamada. Incluye un archivo LEAME.txt que explica cada parte.',
  ask: 'Pedir mis datos',
  askAgain: 'Pedir una copia nueva',
  preparing: 'Preparando…',
  failed: 'No pudimos preparar tus datos. Vuelve a pedirlos.',
  download: 'Descargar ZIP',
  downloading: 'Descargando…',
  expiresOn: (date: string) => `Disponible hasta el ${date}.`,
  requestsTitle: 'Solicitudes',
  requestsIntro:
    'Para oponerte a un tratamiento, pedir el bloqueo de tus datos, una rectificación que no puedas hacer en tu perfil u otra solicitud. Te responderemos dentro de 30 días.',
  kindLabel: 'Tipo de solicitud',
  detailLabel: 'Detalle',
  send: 'Enviar solicitud',
  sending: 'Enviando…',
  noRequests: 'Aún no has enviado solicitudes.',
  statusOpen: 'En curso',
  statusAnswered: 'Respondida',
  dueBy: (date: string) => `Responder antes del ${date}`,
  /** Each company holding the person's data answers its own request (decision 052). */
  answeredByCompany: (company: string) => `La responde: ${company}`,
  extended: 'Plazo extendido',
  answer: 'Respuesta',
  mailSubject: (brand: string) => `${brand}: tus datos están listos`,
} as const;

export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(['preparing', 'ready', 'failed']),
  created_at: z.string(),
  /** Set once ready: 7 days after it, the file is deleted. */
  expires_at: z.string().nullable(),
  bytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportResponseSchema = z.object({
  code: z.literal(200),
  /** The newest export not yet expired, if any. */
  export: dataExportSchema.nullable(),
});

export const dataExportRequestedResponseSchema = z.object({
  code: z.literal(200),
  message: z.string(),
  export: dataExportSchema,
});

export const dataExportParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The ZIP's name when saved. */
export const dataExportFileName = (createdAt: string) => `mis-datos-${createdAt.slice(0, 10)}.zip`;

export const dataExportsApi = {
  request: apiRoute('POST', '/api/v1/user/data-export', 'user'),
  latest: apiRoute('GET', '/api/v1/user/data-export', 'user'),
  download: apiRoute('GET', '/api/v1/user/data-export/:id/download', 'user'),
} as const;
