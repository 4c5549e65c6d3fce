import { useId } from 'react';
import { Snackbar } from '../../../shared/ui/snackbar';
import { usePanelNotice } from './settings-notice';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { EmbedSettings } from './embed-settings';
import { RecordingRetentionEditor } from './recording-retention-editor';
import { ServicesSettings } from './services-settings';
import { SilentCallSettings } from './silent-call-settings';
import { CallLinkSettings } from './call-link-settings';
import { SpecialitiesEditor } from './specialities-editor';
import { VideoLibrary } from './video-library';
import styles from './settings.module.css';
import { WorkingHoursEditor } from './working-hours-editor';

type CompanySettings = CompanySettingsResponse['company'];

/** The company's settings, for its admins; every block saves on its own and says how it went. */
export function SettingsPanel({ company }: { company: CompanySettings }) {
  const headingId = useId();
  const [notice, setNotice] = usePanelNotice();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        Configuración de {company.name}
      </h2>
      <div className={styles.grid}>
        <div className={styles.column}>
          <ServicesSettings company={company} notify={setNotice} />
          <SpecialitiesEditor company={company} notify={setNotice} />
        </div>
        <div className={styles.column}>
          <WorkingHoursEditor company={company} notify={setNotice} />
          <RecordingRetentionEditor company={company} notify={setNotice} />
        </div>
      </div>
      <EmbedSettings company={company} notify={setNotice} />
      <SilentCallSettings company={company} notify={setNotice} />
      <CallLinkSettings company={company} notify={setNotice} />
      <VideoLibrary notify={setNotice} />
      <Snackbar message={notice} onClose={() => setNotice(null)} />
    </section>
  );
}
