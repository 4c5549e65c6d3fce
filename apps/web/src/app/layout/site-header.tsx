import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { landingMenu, webPaths } from '@seguridad/contracts/web-paths';
import { BrandLogo } from '../../shared/ui/brand-logo';
import styles from './site-header.module.css';

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={webPaths.home} className={styles.brand} aria-label="Ir al inicio">
          <BrandLogo nameClassName={styles.brandName} />
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.toggleBars} aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? 'Cerrar menú' : 'Abrir menú'}</span>
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
        </nav>
      </div>
    </header>
  );
}
