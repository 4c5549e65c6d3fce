import { TextField, type TextFieldProps } from './text-field';

/** An e-mail input as phones and password managers expect it: e-mail keyboard, no spell check. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="email" autoComplete="email" inputMode="email" spellCheck={false} {...props} />;
}
