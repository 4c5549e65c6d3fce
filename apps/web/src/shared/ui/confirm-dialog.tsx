import { sharedUiTexts } from '@seguridad/contracts/messages';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogActions } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  /** What will happen once confirmed. */
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** A removal or a cut-off: the confirm button says so in red. */
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Anything the choice needs besides the description (a field, a list). */
  children?: ReactNode;
};

/**
 * Asks before an action that cannot simply be undone: what will happen, then cancel or confirm.
 * While the action runs the dialog stays open and cannot be dismissed, so its outcome is seen.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = sharedUiTexts.cancel,
  danger = false,
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
      title={title}
      description={description}
    >
      {children}
      <DialogActions>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
