import { settingsTexts } from '@seguridad/contracts/messages';
import { SectionFrame } from './section-frame';

export function DevicesSection() {
  return <SectionFrame title={settingsTexts.devicesTitle}>{null}</SectionFrame>;
}
