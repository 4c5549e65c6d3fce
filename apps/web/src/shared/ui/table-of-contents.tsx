import styles from './table-of-contents.module.css';

type TableOfContentsProps = {
  /** The box's own anchor; its heading gets `<id>-titulo` and names the navigation landmark. */
  id: string;
  title: string;
  entries: readonly { id: string; label: string }[];
  /** Placement in the page's own layout (grid area, sticky column…). */
  className?: string;
};

/** A numbered list of links to the page's sections, in a box above (or beside) the text. */
export function TableOfContents({ id, title, entries, className }: TableOfContentsProps) {
  const titleId = `${id}-titulo`;
  return (
    <nav id={id} aria-labelledby={titleId} className={className ? `${styles.toc} ${className}` : styles.toc}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <ol className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.label}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
