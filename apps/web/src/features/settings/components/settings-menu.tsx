import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { settingsTexts } from '@seguridad/contracts/messages';
import { settingsSections, type SettingsSection } from '../settings-sections';
import { settingsUiTexts } from '@seguridad/contracts/messages/settings-ui';
import styles from '../settings-page.module.css';

type SettingsMenuProps = {
  current: SettingsSection;
  onSignOut: () => void;
  signingOut: boolean;
};

/**
 * The side menu (spec §2): a left column on wide screens, a row that scrolls sideways on phones.
 * Each entry is a link to its section's own address.
 */
export function SettingsMenu({ current, onSignOut, signingOut }: SettingsMenuProps) {
  const listRef = useRef<HTMLUListElement | null>(null);

  // On a phone the row scrolls sideways: bring the current entry into view (no page scroll).
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = link.offsetLeft - list.offsetLeft - (list.clientWidth - link.offsetWidth) / 2;
  }, [current.menuEntry]);

  return (
    <nav className={styles.menu} aria-label={settingsUiTexts.menuLabel}>
      <ul ref={listRef} className={styles.menuList}>
        {settingsSections
          .filter((section) => section.menuLabel)
          .map((section) => {
            const isCurrent = current.menuEntry === section.id;
            return (
              <li key={section.id}>
                <Link
                  to={section.path}
                  className={isCurrent ? `${styles.menuLink} ${styles.menuLinkCurrent}` : styles.menuLink}
                  // The exact page, or the section it belongs to (two-step setup sits in security).
                  aria-current={isCurrent ? (current.id === section.id ? 'page' : 'location') : undefined}
                >
                  {section.menuLabel}
                </Link>
              </li>
            );
          })}
        <li>
          <button
            type="button"
            className={styles.menuLink}
            onClick={onSignOut}
            disabled={signingOut}
            aria-busy={signingOut || undefined}
          >
            {settingsTexts.menuSignOut}
          </button>
        </li>
      </ul>
    </nav>
  );
}
