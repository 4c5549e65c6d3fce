import { clearSessionToken } from '../../shared/api/session-token';
import styles from './site-header.module.css';

// Shared by the header and its lazily loaded user menu.

export function AccountIcon() {
  return (
    <svg className={styles.accountIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v1.5c0 .8.7 1.5 1.5 1.5h13c.8 0 1.5-.7 1.5-1.5V19c0-2.8-3.6-5-8-5z"
      />
    </svg>
  );
}

/** Spec §4: logout reloads the page, also when the call fails (the token is forgotten either way). */
export async function signOut(): Promise<void> {
  try {
    // Loaded on demand: the API client and its texts stay out of every page's first load.
    const { logout } = await import('../../features/auth/api/logout');
    await logout();
  } catch {
    // The session may already be gone on the server; forgetting it here is what matters.
  } finally {
    clearSessionToken();
    window.location.reload();
  }
}
