import { useState } from 'react';
import { dataExportFileName } from '@seguridad/contracts/http/data-exports';
import { dataExportTexts as t } from '@seguridad/contracts/messages/data-export';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import type { SnackbarMessage } from '../../../shared/ui/snackbar';
import { downloadDataExport } from '../api/download-data-export';
import { useDataExport } from '../api/get-data-export';
import { useRequestDataExport } from '../api/request-data-export';
import { formatDay } from '../format-date';
import styles from '../settings-page.module.css';
import { SectionStatus } from './section-status';
import { saveBlob } from '../../../shared/api/save-blob';

type DataExportPanelProps = { onNotice: (tone: SnackbarMessage['tone'], text: string) => void };

/**
 * «Descargar mis datos» (decision 040): ask, see it being prepared, then download the ZIP with its
 * expiry date. The download goes through the session, so it is fetched here and saved.
 */
export function DataExportPanel({ onNotice }: DataExportPanelProps) {
  const current = useDataExport();
  const ask = useRequestDataExport();
  const [downloading, setDownloading] = useState(false);

  async function requestExport() {
    try {
      onNotice('success', (await ask.mutateAsync()).message);
    } catch (error) {
      onNotice('error', errorText(error));
    }
  }

  async function download(id: number, createdAt: string) {
    setDownloading(true);
    try {
      saveBlob(await downloadDataExport(id), dataExportFileName(createdAt));
    } catch (error) {
      onNotice('error', errorText(error));
    } finally {
      setDownloading(false);
    }
  }

  const latest = current.data;
  return (
    <section className={styles.block} aria-labelledby="data-export-title">
      <h3 id="data-export-title" className={styles.blockTitle}>
        {t.downloadTitle}
      </h3>
      <p className={styles.hint}>{t.downloadIntro}</p>
      {current.data === undefined ? (
        <SectionStatus failed={current.isError} />
      ) : latest?.status === 'preparing' ? (
        <p className={styles.loading} role="status" aria-busy="true">
          <span className={styles.spinner} aria-hidden="true" />
          {t.preparing}
        </p>
      ) : (
        <div className={styles.exportActions}>
          {latest?.status === 'failed' && <Alert tone="error">{t.failed}</Alert>}
          {latest?.status === 'ready' && latest.expires_at && (
            <div className={styles.exportReady}>
              <Button busy={downloading} onClick={() => void download(latest.id, latest.created_at)}>
                {downloading ? t.downloading : t.download}
              </Button>
              <p className={styles.hint}>{t.expiresOn(formatDay(latest.expires_at))}</p>
            </div>
          )}
          <Button
            variant={latest?.status === 'ready' ? 'secondary' : 'primary'}
            busy={ask.isPending}
            onClick={() => void requestExport()}
          >
            {latest ? t.askAgain : t.ask}
          </Button>
        </div>
      )}
    </section>
  );
}
