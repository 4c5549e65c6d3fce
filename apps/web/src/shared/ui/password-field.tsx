import { sharedUiTexts } from '@seguridad/contracts/messages';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import styles from './text-field.module.css';

/** A password input with a show/hide toggle (a real button, announced as pressed or not). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      trailing={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? sharedUiTexts.hidePassword : sharedUiTexts.showPassword}
          <span className="visually-hidden">{sharedUiTexts.passwordSuffix}</span>
        </button>
      }
    />
  );
}
