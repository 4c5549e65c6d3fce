import { useEffect, useId, useState } from 'react';
import { AVATAR_MAX_BYTES } from '@seguridad/contracts/constants';
import { AVATAR_MIME_TYPES } from '@seguridad/contracts/http/settings';
import { settingsTexts } from '@seguridad/contracts/messages';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import styles from '../settings-page.module.css';

type AvatarPickerProps = {
  /** The stored avatar's address, if any. */
  current: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
};

/** The quick check before upload; the server decides by the file's bytes anyway. */
export function avatarProblem(file: File): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return settingsTexts.avatarWrongType;
  if (file.size === 0) return settingsTexts.avatarWrongType;
  if (file.size > AVATAR_MAX_BYTES) return settingsTexts.avatarTooLarge;
  return null;
}

/** The avatar with a file chooser and a preview of the chosen image until it is saved. */
export function AvatarPicker({ current, file, onChange }: AvatarPickerProps) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? current;
  return (
    <div className={styles.avatarRow}>
      {shown ? (
        <img className={styles.avatar} src={shown} alt={t.avatarAlt} width={88} height={88} />
      ) : (
        <span className={`${styles.avatar} ${styles.avatarEmpty}`} role="img" aria-label={t.avatarNone} />
      )}
      <div>
        <label htmlFor={inputId} className={styles.fileButton}>
          {t.avatarChoose}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={AVATAR_MIME_TYPES.join(',')}
          aria-describedby={`${inputId}-hint${problem ? ` ${inputId}-error` : ''}`}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const found = chosen ? avatarProblem(chosen) : null;
            setProblem(found);
            onChange(found ? null : chosen);
            if (found) event.target.value = '';
          }}
        />
        <p id={`${inputId}-hint`} className={styles.hint}>
          {t.avatarHint}
        </p>
        {problem && (
          <p id={`${inputId}-error`} className={styles.error} role="alert">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
