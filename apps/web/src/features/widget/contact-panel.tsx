import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { PHONE_PREFIX_MOBILE, PROMO_PHONE_DIGITS } from '@seguridad/contracts/constants';
import { contactBodySchema, type ContactBody } from '@seguridad/contracts/http/widget';
import { widgetTexts } from '@seguridad/contracts/messages';
import { siteConfig } from '../../config/site';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { EmailField } from '../../shared/ui/email-field';
import { DRAFT_IDS } from '../../shared/forms/reload-drafts';
import { useDraftAcrossReload } from '../../shared/forms/use-draft-across-reload';
import { useSendContact } from './api/send-contact';
import { hasPhoneDigits, isFilled, normalizedPhoneField } from './phone-input';
import { TextAreaField } from './text-area-field';
import { useSendWithNotice } from './use-timed-notice';
import panelStyles from './contact-panel.module.css';
import styles from './widget-form.module.css';

const emptyContact = { name: '', email: '', phone_number: PHONE_PREFIX_MOBILE, message: '' };

type ContactPanelProps = {
  /** False while the drawer is closed or another panel is shown. */
  active: boolean;
  /** After the success notice: the drawer goes back to its entries and closes (spec §4). */
  onFinished: () => void;
};

/** The contact form (spec §2, §3, §5): name, e-mail, a +569 mobile and a message. */
export function ContactPanel({ active, onFinished }: ContactPanelProps) {
  const sendContact = useSendContact();
  const form = useForm({
    resolver: zodResolver(contactBodySchema),
    mode: 'onTouched',
    defaultValues: emptyContact,
  });
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  // What was typed survives the reload a new deployment may force (decision 055).
  useDraftAcrossReload(DRAFT_IDS.contactForm, form);
  const [name, email, phone, message] = useWatch({
    control,
    name: ['name', 'email', 'phone_number', 'message'],
  });
  // Spec §5: sendable once name, e-mail and message are filled and the phone is more than +569.
  const canSend =
    isFilled(name) && isFilled(email) && isFilled(message) && hasPhoneDigits(phone, PHONE_PREFIX_MOBILE);

  const { sent, failure, noticeRef, submit } = useSendWithNotice({
    active,
    send: (values: ContactBody) => sendContact.mutateAsync(values),
    onDone: () => {
      reset(emptyContact);
      onFinished();
    },
  });
  const onSubmit = handleSubmit(submit);

  if (sent) {
    return (
      <Alert tone="success" focusable ref={noticeRef} className={styles.notice}>
        {widgetTexts.contactSent}
      </Alert>
    );
  }

  return (
    <div className={panelStyles.layout}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.intro}>{widgetTexts.contactIntro}</p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextField label="Nombre" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <EmailField label="Correo electrónico" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Teléfono celular"
          hint="Escribe los 8 números que siguen a +569."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone_number?.message}
          {...normalizedPhoneField(register('phone_number'), PHONE_PREFIX_MOBILE, PROMO_PHONE_DIGITS)}
        />
        <TextAreaField label="Mensaje" rows={5} error={errors.message?.message} {...register('message')} />
        <div className={styles.actions}>
          <Button type="submit" fullWidth disabled={!canSend} busy={isSubmitting}>
            {widgetTexts.send}
          </Button>
        </div>
      </form>
      <aside className={panelStyles.aside} aria-label={widgetTexts.otherContactWays}>
        <p>
          <strong>{widgetTexts.emergencyLead}</strong>
          {widgetTexts.emergencyNumbers}
        </p>
        <p>
          {widgetTexts.writeToEmail}{' '}
          <a href={`mailto:${siteConfig.contactEmail}`}>{siteConfig.contactEmail}</a>.
        </p>
      </aside>
    </div>
  );
}
