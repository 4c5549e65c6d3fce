import { settingsTexts } from '@seguridad/contracts/messages';
import { Snackbar } from '../../../shared/ui/snackbar';
import { useNotice } from '../use-notice';
import { ConsentsPanel } from './consents-panel';
import { DataExportPanel } from './data-export-panel';
import { DataRequestsPanel } from './data-requests-panel';
import { SectionFrame } from './section-frame';

/**
 * «Mis datos» (decision 040): the download of everything held about the account, rights requests,
 * and the consents given, which can be withdrawn there (decision 049).
 */
export function MyDataSection() {
  const { notice, show, clear } = useNotice();
  return (
    <SectionFrame title={settingsTexts.myDataTitle}>
      <DataExportPanel onNotice={show} />
      <DataRequestsPanel onNotice={show} />
      <ConsentsPanel onNotice={show} />
      <Snackbar message={notice} onClose={notice?.tone === 'error' ? clear : undefined} />
    </SectionFrame>
  );
}
