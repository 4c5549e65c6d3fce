import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { landingMenu, webPaths } from '@seguridad/contracts/web-paths';
import { useSessionToken } from '../../shared/auth/use-session-token';
import { BrandLogo } from '../../shared/ui/brand-logo';
import { menuLabels, prehydrated } from '../prehydration';
import { AccountIcon, signOut } from './account-controls';
import styles from './site-header.module.css';

// Most visitors are anonymous: the dropdown (and Radix) loads only for someone signed in.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));

/*
 * Prerendered pages are built logged out. `useSessionToken` reads null while hydrating and the
 * stored token right after, so the markup matches and the account controls switch after mount.
 */

/** Wide screens: "Ingresar", or the signed-in user's dropdown, at the right of the menu. */
function DesktopAccount() {
  const token = useSessionToken();
  if (!token) {
    return (
      <Link className={styles.accountButton} to={webPaths.login}>
        <AccountIcon />
        <span className={styles.accountLabel}>Ingresar</span>
      </Link>
    );
  }
  return (
    <Suspense fallback={<span className={styles.accountPlaceholder} aria-hidden="true" />}>
      <UserMenu />
    </Suspense>
  );
}

/** Phones and tablets: the same choices as the last items of the folded menu. */
function MobileAccount({ onNavigate }: { onNavigate: () => void }) {
  const token = useSessionToken();
  const [leaving, setLeaving] = useState(false);
  if (!token) {
    return (
      <ul className={styles.mobileAccount}>
        <li>
          <Link className={styles.link} to={webPaths.login} onClick={onNavigate}>
            Ingresar
          </Link>
        </li>
      </ul>
    );
  }
  return (
    <ul className={styles.mobileAccount} aria-label="Mi cuenta">
      <li>
        <Link className={styles.link} to={webPaths.settings} onClick={onNavigate}>
          Configuración
        </Link>
      </li>
      <li>
        <Link className={styles.link} to={webPaths.myPurchases} onClick={onNavigate}>
          Mis compras
        </Link>
      </li>
      <li>
        <button
          type="button"
          className={`${styles.link} ${styles.linkButton}`}
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
        >
          Salir
        </button>
      </li>
    </ul>
  );
}

export function SiteHeader() {
  // A prerendered page may have had its menu opened before React took over: start from that.
  const [menuOpen, setMenuOpen] = useState(() => prehydrated.menuOpen);
  const menuId = useId();
  const location = useLocation();
  const shownAt = useRef(`${location.pathname}${location.hash}`);

  // Going to another page or anchor folds the menu (not the first render: nothing moved yet).
  useEffect(() => {
    const address = `${location.pathname}${location.hash}`;
    if (shownAt.current === address) return;
    shownAt.current = address;
    setMenuOpen(false);
  }, [location.pathname, location.hash]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        {/* Named by the brand it shows (WCAG 2.5.3): a voice user says what they read. */}
        <Link to={webPaths.home} className={styles.brand}>
          <BrandLogo nameClassName={styles.brandName} />
        </Link>
        <button
          type="button"
          className={styles.toggle}
          data-menu-toggle=""
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.toggleBars} aria-hidden="true" />
          <span className="visually-hidden" data-menu-label="">
            {menuOpen ? menuLabels.close : menuLabels.open}
          </span>
        </button>
        <nav
          id={menuId}
          className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}
          aria-label="Principal"
        >
          <ul className={styles.menu}>
            {landingMenu.map((item) => (
              <li key={item.anchor}>
                {/* A plain link: the landing page is prerendered, so the browser finds the anchor itself. */}
                <a className={styles.link} href={`/#${item.anchor}`} onClick={() => setMenuOpen(false)}>
                  {item.label}
                </a>
              </li>
            ))}
            <li>
              <Link className={styles.link} to={webPaths.faq}>
                Preguntas frecuentes
              </Link>
            </li>
          </ul>
          <MobileAccount onNavigate={() => setMenuOpen(false)} />
        </nav>
        <div className={styles.account}>
          <DesktopAccount />
        </div>
      </div>
    </header>
  );
}
