import { networkTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import styles from '../networks.module.css';

export type ConfirmRequest = {
  title: string;
  description: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  onConfirm: () => Promise<void>;
};

type ConfirmDialogProps = {
  request: ConfirmRequest | null;
  busy: boolean;
  onClose: () => void;
};

/** Asks before an answer or a removal takes effect (spec §2: 'Salir de Red de Seguridad'). */
export function ConfirmDialog({ request, busy, onClose }: ConfirmDialogProps) {
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={request?.title ?? ''}
      description={request?.description}
    >
      <div className={styles.dialogActions}>
        <Button
          variant={request?.tone ?? 'primary'}
          busy={busy}
          onClick={() => {
            if (request) void request.onConfirm();
          }}
        >
          {request?.confirmLabel}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {networkTexts.keep}
        </Button>
      </div>
    </Dialog>
  );
}
