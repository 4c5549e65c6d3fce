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
  request: apiRoute('POST', '/api/v1/user/data-export', 'user', {
    response: dataExportRequestedResponseSchema,
  }),
  latest: apiRoute('GET', '/api/v1/user/data-export', 'user', { response: dataExportResponseSchema }),
  download: apiRoute('GET', '/api/v1/user/data-export/:id/download', 'user'),
} as const;
