import { useId } from 'react';
import { Button } from '../../../shared/ui/button';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { AllowedOriginsEditor } from './allowed-origins-editor';
import { LauncherEditor } from './launcher-editor';
import type { Notify } from './settings-notice';
import styles from './settings.module.css';

/** The tag a company pastes in its own site to show the widget there. */
function embedSnippet(origin: string, companyKey: string): string {
  return `<script src="${origin}/widget.js" data-company-key="${companyKey}" async></script>`;
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

type CompanySettings = CompanySettingsResponse['company'];

/** The company key, the embed code and the sites allowed to show the widget. */
export function EmbedSettings({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  const snippet = embedSnippet(window.location.origin, company.public_key);

  async function copy(text: string, done: string) {
    const copied = await copyToClipboard(text);
    notify(
      copied
        ? { tone: 'success', text: done }
        : { tone: 'error', text: 'No se pudo copiar. Selecciona el texto y cópialo a mano.' },
    );
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        Insertar el widget en otro sitio
      </h3>
      <p className={styles.lead}>
        La clave de la empresa es pública: identifica a tu central en cada llamada del widget.
      </p>
      <p className={styles.label}>Clave de la empresa</p>
      <div className={styles.copyRow}>
        <code className={styles.code}>{company.public_key}</code>
        <Button variant="secondary" onClick={() => void copy(company.public_key, 'Clave copiada.')}>
          Copiar clave
        </Button>
      </div>
      <p className={styles.label}>Código para insertar</p>
      <div className={styles.copyRow}>
        <pre className={styles.snippet}>
          <code>{snippet}</code>
        </pre>
        <Button variant="secondary" onClick={() => void copy(snippet, 'Código copiado.')}>
          Copiar código
        </Button>
      </div>
      <AllowedOriginsEditor company={company} notify={notify} />
      <LauncherEditor company={company} notify={notify} />
    </section>
  );
}
