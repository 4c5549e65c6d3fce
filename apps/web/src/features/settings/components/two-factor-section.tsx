import { settingsTexts } from '@seguridad/contracts/messages';
import { SectionFrame } from './section-frame';

export function TwoFactorSection() {
  return <SectionFrame title={settingsTexts.twoFactorTitle}>{null}</SectionFrame>;
}
