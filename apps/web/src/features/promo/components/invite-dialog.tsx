import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { promoInviteFormSchema } from '@seguridad/contracts/http/promo';
import { promoTexts } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import { EmailField } from '../../../shared/ui/email-field';
import { promoInvite } from '../api/promo-invite';
import styles from '../promo-page.module.css';

const fields = ['first', 'second', 'third'] as const;
const emptyForm = { first: '', second: '', third: '' };

type InviteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the three answers, whatever they were: the page refreshes the progress. */
  onSettled: (allSent: boolean) => void;
};

/**
 * 'Estás a punto de ganar. Invita a 3 contactos' (spec §2): three addresses, Enviar once all three
 * are filled, the three invitations sent in parallel (spec §7).
 */
export function InviteDialog({ open, onOpenChange, onSettled }: InviteDialogProps) {
  const [failures, setFailures] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(promoInviteFormSchema), mode: 'onTouched', defaultValues: emptyForm });
  const typed = useWatch({ control, name: fields });
  const allFilled = typed.every((value) => value.trim() !== '');

  const onSubmit = handleSubmit(async (values) => {
    setFailures(null);
    const answers = await Promise.allSettled(
      fields.map((field) => promoInvite({ guest_email: values[field] })),
    );
    const reasons = answers.flatMap((answer) =>
      answer.status === 'rejected' && answer.reason instanceof ApiRequestError && answer.reason.body
        ? [answer.reason.body.message]
        : [],
    );
    const allSent = answers.every((answer) => answer.status === 'fulfilled');
    if (allSent) reset(emptyForm);
    else setFailures([...new Set(reasons)]);
    onSettled(allSent);
  });

  const changeOpen = (next: boolean) => {
    if (!next) {
      setFailures(null);
      reset(emptyForm);
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={promoTexts.inviteDialogTitle}
      description={promoTexts.inviteDialogLead}
    >
      <form className={styles.dialogForm} onSubmit={onSubmit} noValidate>
        {fields.map((field, index) => (
          <EmailField
            key={field}
            label={promoTexts.guestEmailLabel(index + 1)}
            autoComplete="off"
            error={errors[field]?.message}
            {...register(field)}
          />
        ))}
        {failures && (
          <Alert tone="error" title={promoTexts.inviteFailed}>
            {failures.map((message) => (
              <span key={message} className={styles.errorLine}>
                {promoTexts.errorLine(message)}
              </span>
            ))}
          </Alert>
        )}
        <DialogActions>
          <Button type="button" variant="ghost" onClick={() => changeOpen(false)}>
            {promoTexts.cancel}
          </Button>
          <Button type="submit" disabled={!allFilled} busy={isSubmitting}>
            {promoTexts.send}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
