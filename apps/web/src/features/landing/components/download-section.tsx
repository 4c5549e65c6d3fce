import { staticDocuments } from '@seguridad/contracts/web-paths';
import { Reveal } from '../../../shared/ui/reveal';
import { StoreButtons } from '../../../shared/ui/store-buttons';
import { type LandingContent } from '../landing-content';
import styles from './download-section.module.css';

export function DownloadSection({ download }: { download: LandingContent['download'] }) {
  return (
    <section id={download.id} className={styles.section} aria-labelledby="download-title">
      <Reveal preset="fadeUp" className={styles.inner}>
        <div className={styles.download}>
          <h2 id="download-title" className={styles.title}>
            {download.title}
          </h2>
          <p>{download.summary}</p>
          <StoreButtons />
        </div>
        <div className={styles.contact}>
          <h3 className={styles.contactTitle}>{download.contactTitle}</h3>
          <p>
            {download.contactIntro} <a href={`mailto:${download.contactEmail}`}>{download.contactEmail}</a>.
          </p>
          <p>{download.floatingButtonNote}</p>
          <p className={styles.pdf}>
            <a href={staticDocuments.appPresentationPdf}>Descarga la presentación de la app (PDF)</a>
          </p>
        </div>
      </Reveal>
    </section>
  );
}
