import { Outlet, useLocation } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';
import { DrawerLauncher } from './drawer-launcher';
import { PageMeta } from './page-meta';
import { PaymentResultSlot } from './payment-result-slot';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import styles from './site-layout.module.css';

export function SiteLayout() {
  // Operators answer citizens from the console; the citizens' contact button would only cover it.
  const { pathname } = useLocation();
  const showContactDrawer = !pathname.startsWith(webPaths.operator);
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
      {showContactDrawer && <DrawerLauncher />}
      <PaymentResultSlot />
      <ScrollManager />
      <PageMeta />
    </>
  );
}
