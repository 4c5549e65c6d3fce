import { Outlet } from 'react-router';
import { PageMeta } from './page-meta';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import styles from './site-layout.module.css';

export function SiteLayout() {
  return (
    <>
      <a className={styles.skipLink} href="#contenido">
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollManager />
      <PageMeta />
    </>
  );
}
