import { settingsTexts } from '@seguridad/contracts/messages';

/** The settings page's "Redes de Seguridad" section: Mi Red and Redes Externas. */
export function NetworksSection() {
  return (
    <section aria-labelledby="networks-title">
      <h2 id="networks-title">{settingsTexts.networksTitle}</h2>
    </section>
  );
}
