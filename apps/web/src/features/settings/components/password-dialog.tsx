import { useState, type FormEvent } from 'react';
import { PASSWORD_MAX_LENGTH } from '@seguridad/contracts/constants';
import { settingsTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import { PasswordField } from '../../../shared/ui/password-field';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';

type PasswordDialogProps = {
  open: boolean;
  /** The server's refusal of the last password tried, if any. */
  error: string | null;
  busy: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
};

/** Asked only when the server says so: the session signed in more than 10 minutes ago. */
export function PasswordDialog({ open, error, busy, onSubmit, onCancel }: PasswordDialogProps) {
  const [password, setPassword] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password) onSubmit(password);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) {
          setPassword('');
          onCancel();
        }
      }}
      title={t.passwordDialogTitle}
      description={settingsTexts.passwordRequired}
    >
      <form onSubmit={submit} noValidate>
        <PasswordField
          label={t.currentPassword}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          error={error ?? undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <DialogActions>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={!password} busy={busy}>
            {t.continue}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
