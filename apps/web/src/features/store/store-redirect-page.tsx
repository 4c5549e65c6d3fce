import { useEffect, useState } from 'react';
import { siteConfig } from '../../config/site';
import { StoreButtons } from '../../shared/ui/store-buttons';
import { detectStorePlatform, type StorePlatform } from './detect-platform';
import styles from './store-redirect-page.module.css';

/** Sends phones straight to their store; other devices (and the prerendered page) get both buttons. */
export function StoreRedirectPage() {
  const [platform, setPlatform] = useState<StorePlatform | undefined>(undefined);

  useEffect(() => {
    const detected = detectStorePlatform(navigator.userAgent);
    setPlatform(detected);
    if (detected === 'android') window.location.replace(siteConfig.playStoreUrl);
    if (detected === 'ios') window.location.replace(siteConfig.appStoreUrl);
  }, []);

  const redirecting = platform === 'android' || platform === 'ios';
  return (
    <section className={styles.page} aria-labelledby="store-title">
      <h1 id="store-title">Descarga {siteConfig.brandName}</h1>
      {redirecting ? (
        <p role="status">
          Te estamos llevando a {platform === 'android' ? 'Google Play' : 'App Store'}… Si no ocurre en unos
          segundos, usa el botón.
        </p>
      ) : (
        <p>Elige la tienda de tu teléfono. La app es gratuita.</p>
      )}
      <StoreButtons {...(redirecting ? { only: platform } : {})} />
    </section>
  );
}
