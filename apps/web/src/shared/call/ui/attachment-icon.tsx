import styles from './attachment-icon.module.css';

export type AttachmentKind = 'image' | 'pdf' | 'word' | 'excel' | 'powerpoint' | 'generic';

const extensionKinds: Record<string, AttachmentKind> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  odt: 'word',
  rtf: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ods: 'excel',
  csv: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  odp: 'powerpoint',
};

/** How a chat attachment is shown (spec §5): images inline, the rest by an icon of its type. */
export function attachmentKind(mime: string, name: string): AttachmentKind {
  const type = mime.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'application/msword' || type.includes('wordprocessingml')) return 'word';
  if (type === 'application/vnd.ms-excel' || type.includes('spreadsheetml')) return 'excel';
  if (type === 'application/vnd.ms-powerpoint' || type.includes('presentationml')) return 'powerpoint';
  const extension = name.toLowerCase().split('.').pop() ?? '';
  return extensionKinds[extension] ?? 'generic';
}

const badges: Record<Exclude<AttachmentKind, 'image' | 'generic'>, string> = {
  pdf: 'PDF',
  word: 'DOC',
  excel: 'XLS',
  powerpoint: 'PPT',
};

/** A page with a folded corner and the type's badge; decorative (the file name says the rest). */
export function AttachmentIcon({ kind }: { kind: AttachmentKind }) {
  const badge = kind === 'image' || kind === 'generic' ? null : badges[kind];
  return (
    <svg
      className={`${styles.icon} ${styles[kind]}`}
      data-icon={kind}
      viewBox="0 0 24 28"
      width="24"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <path
        className={styles.page}
        d="M3 1.5h11.5L21 8v17.5a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-23a1 1 0 0 1 1-1z"
      />
      <path className={styles.fold} d="M14.5 1.5V8H21" />
      {badge ? (
        <>
          <rect className={styles.band} x="0.5" y="13" width="19" height="8" rx="1.5" />
          <text className={styles.badge} x="10" y="19.2" textAnchor="middle">
            {badge}
          </text>
        </>
      ) : (
        <path className={styles.lines} d="M6 13h11M6 16.5h11M6 20h7" />
      )}
    </svg>
  );
}
