import { Outlet } from 'react-router';
import { PageMeta } from './page-meta';
import { ScrollManager } from './scroll-manager';
import styles from './site-layout.module.css';

/** Pages shown inside the mobile app's web views: the text alone, without header or footer. */
export function BareLayout() {
  return (
    <>
      <main id="contenido" className={styles.main}>
        <Outlet />
      </main>
      <ScrollManager />
      <PageMeta />
    </>
  );
}
