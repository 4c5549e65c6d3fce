import { siteConfig } from '../../config/site';
import styles from './brand-logo.module.css';

/** The shield mark and the brand name; the mark is decorative, the name is the accessible text. */
export function BrandLogo({
  inverted = false,
  nameClassName,
}: {
  inverted?: boolean;
  nameClassName?: string;
}) {
  return (
    <span className={inverted ? `${styles.logo} ${styles.inverted}` : styles.logo}>
      <svg className={styles.mark} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <path className={styles.shield} d="M32 3 8 12v18c0 15 10 26 24 31 14-5 24-16 24-31V12z" />
        <path
          className={styles.pin}
          d="M32 14c-6 0-11 5-11 11 0 8 11 19 11 19s11-11 11-19c0-6-5-11-11-11zm0 15a4 4 0 1 1 0-8 4 4 0 0 1 0 8z"
        />
      </svg>
      <span className={nameClassName}>{siteConfig.brandName}</span>
    </span>
  );
}
