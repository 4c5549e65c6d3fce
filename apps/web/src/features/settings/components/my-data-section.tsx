import { settingsTexts } from '@seguridad/contracts/messages';
import { Snackbar } from '../../../shared/ui/snackbar';
import { useNotice } from '../use-notice';
import { DataExportPanel } from './data-export-panel';
import { DataRequestsPanel } from './data-requests-panel';
import { SectionFrame } from './section-frame';

/** «Mis datos» (decision 040): the download of everything held about the account, and rights requests. */
export function MyDataSection() {
  const { notice, show, clear } = useNotice();
  return (
    <SectionFrame title={settingsTexts.myDataTitle}>
      <DataExportPanel onNotice={show} />
      <DataRequestsPanel onNotice={show} />
      <Snackbar message={notice} onClose={notice?.tone === 'error' ? clear : undefined} />
    </SectionFrame>
  );
}
