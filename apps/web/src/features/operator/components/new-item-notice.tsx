import type { Announcement } from '../use-new-item-announcements';
import styles from './console-status.module.css';

/**
 * The polite live region for arrivals. It stays in the page while empty, so a screen reader
 * announces a message the moment it is put in.
 */
export function NewItemNotice({ announcement }: { announcement: Announcement | null }) {
  return (
    <div role="status" aria-live="polite">
      {announcement && (
        <p key={announcement.key} className={styles.notice}>
          <span className={styles.bell} aria-hidden="true">
            ●
          </span>
          {announcement.text}
        </p>
      )}
    </div>
  );
}
