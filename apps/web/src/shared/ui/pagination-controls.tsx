import { sharedUiTexts } from '@seguridad/contracts/messages';
import { Button } from './button';
import styles from './pagination-controls.module.css';

type PaginationControlsProps = {
  page: number;
  pages: number;
  /** What the controls page through, for screen readers ("Mi Red"). */
  label: string;
  onPageChange: (page: number) => void;
};

/** Anterior · Página n de m · Siguiente; nothing when everything fits one page. */
export function PaginationControls({ page, pages, label, onPageChange }: PaginationControlsProps) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={`${label}: ${sharedUiTexts.pageOf(page, pages)}`}>
      <Button variant="ghost" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {sharedUiTexts.previousPage}
      </Button>
      <span className={styles.pageNumber} aria-live="polite">
        {sharedUiTexts.pageOf(page, pages)}
      </span>
      <Button variant="ghost" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        {sharedUiTexts.nextPage}
      </Button>
    </nav>
  );
}
