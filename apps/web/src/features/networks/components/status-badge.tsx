import type { NetworkStatus } from '@seguridad/contracts/http/networks';
import { networkTexts } from '@seguridad/contracts/messages';
import styles from '../networks.module.css';

const toneClass: Record<NetworkStatus, string | undefined> = {
  1: styles.badgePending,
  2: styles.badgeConfirmed,
  3: styles.badgeRejected,
};

/** Pendiente / Confirmada / Rechazada (spec §4): a word, not a colour alone. */
export function StatusBadge({ status }: { status: NetworkStatus }) {
  return (
    <span className={`${styles.badge} ${toneClass[status] ?? ''}`}>{networkTexts.statusLabels[status]}</span>
  );
}
