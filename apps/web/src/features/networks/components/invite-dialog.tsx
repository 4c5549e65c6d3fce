import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { addUserToNetworkBodySchema } from '@seguridad/contracts/http/networks';
import { networkTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import { EmailField } from '../../../shared/ui/email-field';
import styles from '../networks.module.css';

type InviteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sends the invitation; the dialog closes whatever the outcome (the section reports it). */
  onSubmit: (guestEmail: string) => Promise<void>;
};

/** 'Enviar Invitación': one e-mail with the stricter pattern of spec §5 ('Formato incorrecto'). */
export function InviteDialog({ open, onOpenChange, onSubmit }: InviteDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(addUserToNetworkBodySchema),
    mode: 'onTouched',
    defaultValues: { guest_email: '' },
  });

  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  const submit = handleSubmit(async ({ guest_email: guestEmail }) => {
    await onSubmit(guestEmail);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isSubmitting) onOpenChange(next);
      }}
      title={networkTexts.inviteDialogTitle}
      description={networkTexts.inviteDialogLead}
    >
      <form className={styles.inviteForm} onSubmit={(event) => void submit(event)} noValidate>
        <EmailField
          label={networkTexts.inviteEmailLabel}
          error={errors.guest_email?.message}
          autoComplete="off"
          {...register('guest_email')}
        />
        <DialogActions>
          <Button type="submit" disabled={!isValid} busy={isSubmitting}>
            {networkTexts.send}
          </Button>
          <Button variant="secondary" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
            {networkTexts.cancel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
