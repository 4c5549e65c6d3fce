import { networkTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import styles from '../networks.module.css';

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
    <nav className={styles.pagination} aria-label={`${label}: ${networkTexts.pageOf(page, pages)}`}>
      <Button variant="ghost" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {networkTexts.previousPage}
      </Button>
      <span className={styles.pageNumber} aria-live="polite">
        {networkTexts.pageOf(page, pages)}
      </span>
      <Button variant="ghost" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        {networkTexts.nextPage}
      </Button>
    </nav>
  );
}
