import { settingsTexts } from '@seguridad/contracts/messages';
import { SectionFrame } from './section-frame';

export function AccountSection() {
  return <SectionFrame title={settingsTexts.accountTitle}>{null}</SectionFrame>;
}
