import type { ReactNode } from 'react';
import styles from './data-table.module.css';

type DataTableProps = {
  /** Names the table's scrolling region: the id of the heading above it, or a label of its own. */
  labelledBy?: string;
  label?: string;
  /** Read by screen readers before the table; not shown. */
  caption?: ReactNode;
  columns: readonly ReactNode[];
  /** The rows of the body. */
  children: ReactNode;
  /** Rows of a footer (a total). */
  footer?: ReactNode;
  /** A class that composes `table` from data-table.module.css and adds the table's own widths. */
  className?: string;
  /** Likewise for the scrolling region (`scroller`). */
  scrollerClassName?: string;
};

/**
 * A table of rows with a header row, which scrolls sideways inside its own focusable region on a
 * narrow screen so that the page itself never does.
 */
export function DataTable({
  labelledBy,
  label,
  caption,
  columns,
  children,
  footer,
  className,
  scrollerClassName,
}: DataTableProps) {
  return (
    <div
      className={scrollerClassName ?? styles.scroller}
      role="region"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      tabIndex={0}
    >
      <table className={className ?? styles.table}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
