import { Link } from 'react-router';
import { staticDocuments, webPaths } from '@seguridad/contracts/web-paths';
import { siteConfig } from '../../config/site';
import { BrandLogo } from '../../shared/ui/brand-logo';
import styles from './site-footer.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <BrandLogo inverted />
          <p>
            Plataforma de seguridad ciudadana de {siteConfig.regionName}, financiada por el Gobierno Regional.
            La app es gratuita.
          </p>
          <p>
            Escríbenos a <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>
          </p>
        </div>
        <nav aria-label="Información" className={styles.column}>
          <h2 className={styles.heading}>Información</h2>
          <ul>
            <li>
              <Link to={webPaths.faq}>Preguntas frecuentes</Link>
            </li>
            <li>
              <Link to={webPaths.results}>Resultados del sorteo de cámaras</Link>
            </li>
            <li>
              <a href={staticDocuments.appPresentationPdf}>Presentación de la app (PDF)</a>
            </li>
            <li>
              <a href={staticDocuments.faqPdf}>Preguntas frecuentes (PDF)</a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className={styles.column}>
          <h2 className={styles.heading}>Legal</h2>
          <ul>
            <li>
              <Link to={webPaths.terms}>Términos y condiciones</Link>
            </li>
            <li>
              <Link to={webPaths.privacy}>Política de privacidad</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copyright} suppressHydrationWarning>
        © {new Date().getFullYear()} {siteConfig.brandName}. Todos los derechos reservados.
      </p>
    </footer>
  );
}
