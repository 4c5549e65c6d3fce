import { Link } from 'react-router';
import { pageTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{pageTexts.notFoundTitle}</h1>
      <p>{pageTexts.notFoundBody}</p>
      <Link className={styles.home} to={webPaths.home}>
        Volver al inicio
      </Link>
    </section>
  );
}
