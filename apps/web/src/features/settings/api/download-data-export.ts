import { UPLOAD_TIMEOUT_MS } from '@seguridad/contracts/constants';
import { dataExportsApi } from '@seguridad/contracts/http/data-exports';
import { apiDownload } from '../../../shared/api/api-client';

/** The ZIP, fetched with the session (the link alone opens nothing); as long as an upload may take. */
export function downloadDataExport(id: number): Promise<Blob> {
  return apiDownload(dataExportsApi.download.path({ id }), { auth: true, timeoutMs: UPLOAD_TIMEOUT_MS });
}
