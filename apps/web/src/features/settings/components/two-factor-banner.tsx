import { Link } from 'react-router';
import { settingsSectionPaths } from '@seguridad/contracts/web-paths';
import { settingsTexts } from '@seguridad/contracts/messages';
import styles from '../settings-page.module.css';

/** Spec §2: shown while the account has no confirmed phone; it opens the two-step setup. */
export function TwoFactorBanner() {
  return (
    <div className={styles.banner}>
      <span className={styles.bannerIcon} aria-hidden="true">
        !
      </span>
      <Link to={settingsSectionPaths.twoFactor} className={styles.bannerLink}>
        {settingsTexts.twoFactorBanner}
      </Link>
    </div>
  );
}
