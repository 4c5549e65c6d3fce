import { useState, type ReactNode } from 'react';
import type { NetworkStatus } from '@seguridad/contracts/http/networks';
import { networkTexts } from '@seguridad/contracts/messages';
import { clampPage, pageCount, pageOf } from '../../../shared/ui/pagination';
import styles from '../networks.module.css';
import { PaginationControls } from '../../../shared/ui/pagination-controls';
import { StatusBadge } from './status-badge';

export type NetworkRow = {
  id: number;
  /** The person's name; null while an invited e-mail has no account. */
  name: string | null;
  email: string;
  status: NetworkStatus;
  actions: ReactNode;
};

type NetworkTableProps = {
  /** Names the table for screen readers ("Mi Red"). */
  caption: string;
  /** "Invitado" or "Propietario" (spec §2). */
  personColumn: string;
  rows: NetworkRow[];
  emptyText: string;
};

/**
 * A table of 5 rows a page (spec §9). In a narrow container each row becomes a card; the explicit
 * roles keep it a table for screen readers whatever display the stylesheet gives its parts.
 */
export function NetworkTable({ caption, personColumn, rows, emptyText }: NetworkTableProps) {
  const [requestedPage, setRequestedPage] = useState(1);
  const page = clampPage(requestedPage, rows.length);
  if (rows.length === 0) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <div className={styles.tableBox}>
      <table role="table" className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup" className={styles.tableHead}>
          <tr role="row">
            <th role="columnheader" scope="col">
              {personColumn}
            </th>
            <th role="columnheader" scope="col">
              {networkTexts.emailColumn}
            </th>
            <th role="columnheader" scope="col">
              {networkTexts.actionsColumn}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {pageOf(rows, page).map((row) => (
            <tr role="row" key={row.id} className={styles.row}>
              <td role="cell">
                <div className={styles.person}>
                  <span className={row.name ? styles.personName : styles.personMissing}>
                    {row.name ?? networkTexts.pendingAccount}
                  </span>
                  <StatusBadge status={row.status} />
                </div>
              </td>
              <td role="cell" className={styles.emailCell}>
                {row.email}
              </td>
              <td role="cell" className={styles.actionsCell}>
                <div className={styles.actions}>{row.actions}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <PaginationControls
        page={page}
        pages={pageCount(rows.length)}
        label={caption}
        onPageChange={setRequestedPage}
      />
    </div>
  );
}
