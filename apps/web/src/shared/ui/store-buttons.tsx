import { sharedUiTexts } from '@seguridad/contracts/messages';
import { siteConfig } from '../../config/site';
import styles from './store-buttons.module.css';

function AppleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM14.1 5.8c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.7-1.3z"
      />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
      <path
        fill="currentColor"
        d="M4 2.5v19c0 .4.4.6.8.4L20.5 12.4c.3-.2.3-.6 0-.8L4.8 2.1c-.4-.2-.8 0-.8.4z"
      />
    </svg>
  );
}

/** The two store links, as buttons a person recognises; `only` shows one of them. */
export function StoreButtons({ only }: { only?: 'ios' | 'android' }) {
  return (
    <ul className={styles.list}>
      {only !== 'android' && (
        <li>
          <a className={styles.button} href={siteConfig.appStoreUrl} rel="noopener">
            <AppleIcon />
            <span>
              <small className={styles.small}>{sharedUiTexts.appStoreLead}</small>
              <span className={styles.store}>{sharedUiTexts.appStore}</span>
            </span>
          </a>
        </li>
      )}
      {only !== 'ios' && (
        <li>
          <a className={styles.button} href={siteConfig.playStoreUrl} rel="noopener">
            <PlayIcon />
            <span>
              <small className={styles.small}>{sharedUiTexts.playStoreLead}</small>
              <span className={styles.store}>{sharedUiTexts.playStore}</span>
            </span>
          </a>
        </li>
      )}
    </ul>
  );
}
