import { settingsTexts } from '@seguridad/contracts/messages';
import { SectionFrame } from './section-frame';

export function SecuritySection() {
  return <SectionFrame title={settingsTexts.securityTitle}>{null}</SectionFrame>;
}
