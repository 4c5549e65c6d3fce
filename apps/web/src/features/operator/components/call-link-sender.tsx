import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { CALL_LINK_CHANNELS, sendCallLinkBodySchema } from '@seguridad/contracts/http/call-links';
import { callLinkTexts } from '@seguridad/contracts/messages/call-links';
import { formatPhone } from '@seguridad/contracts/helpers/phone';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import choiceStyles from '../../../shared/ui/choice-options.module.css';
import { useCallLinks, useSendCallLink } from '../api/call-links';
import { formatDateTime } from '../format';
import styles from './calls.module.css';

type CallLinkValues = z.input<typeof sendCallLinkBodySchema>;

function timeOf(iso: string): string {
  return new Intl.DateTimeFormat('es-CL', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/Santiago',
  }).format(new Date(iso));
}

/**
 * «Enviar enlace de videollamada» (decision 061): a citizen who phoned gets a one-time link by SMS
 * or WhatsApp that opens a private call with this operator; the room appears with the others, and
 * the list below says where each link is.
 */
export function CallLinkSender({
  enabled,
  onSent,
}: {
  enabled: boolean;
  onSent: (room: QueuedCall) => void;
}) {
  const headingId = useId();
  const send = useSendCallLink();
  const links = useCallLinks(enabled);
  const form = useForm<CallLinkValues, unknown, z.output<typeof sendCallLinkBodySchema>>({
    resolver: zodResolver(sendCallLinkBodySchema),
    defaultValues: { phone: '', channel: 'sms' },
  });
  const { register, handleSubmit, control, formState, reset } = form;

  const onSubmit = handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: (answer) => {
        onSent(answer.call);
        reset({ phone: '', channel: values.channel });
      },
    });
  });

  const recent = links.data?.links ?? [];
  return (
    <section aria-labelledby={headingId} className={styles.callLinks}>
      <h3 id={headingId} className={styles.subsectionTitle}>
        {callLinkTexts.title}
      </h3>
      <p className={styles.hint}>{callLinkTexts.lead}</p>
      <form className={styles.callLinkForm} onSubmit={onSubmit} noValidate>
        <TextField
          label={callLinkTexts.phone}
          hint={callLinkTexts.phoneHint}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+569 1234 5678"
          error={formState.errors.phone?.message}
          {...register('phone')}
        />
        <Controller
          control={control}
          name="channel"
          render={({ field }) => (
            <fieldset className={choiceStyles.fieldset}>
              <legend className={choiceStyles.legend}>{callLinkTexts.channel}</legend>
              <div className={choiceStyles.options}>
                {CALL_LINK_CHANNELS.map((channel) => (
                  <label key={channel} className={choiceStyles.option}>
                    <input
                      type="radio"
                      name={field.name}
                      value={channel}
                      checked={field.value === channel}
                      onChange={() => field.onChange(channel)}
                      onBlur={field.onBlur}
                    />
                    {callLinkTexts.channels[channel]}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />
        <Button type="submit" busy={send.isPending}>
          {callLinkTexts.send}
        </Button>
      </form>
      <div role="status">{send.isSuccess && <Alert tone="success">{callLinkTexts.sent}</Alert>}</div>
      {send.isError && <Alert tone="error">{errorText(send.error, callLinkTexts.sendFailed)}</Alert>}
      <h4 className={styles.label}>{callLinkTexts.recent}</h4>
      {recent.length === 0 ? (
        <p className={styles.hint}>{callLinkTexts.none}</p>
      ) : (
        <ul className={styles.callLinkList} aria-label={callLinkTexts.recent}>
          {recent.map((link) => (
            <li key={link.id} className={styles.callLinkItem} data-state={link.state}>
              <span className={styles.callLinkPhone}>{formatPhone(link.phone)}</span>
              <span>
                {callLinkTexts.channels[link.channel]} ·{' '}
                <time dateTime={link.sent_at}>{formatDateTime(link.sent_at)}</time>
              </span>
              <span className={styles.callLinkState}>{callLinkTexts.states[link.state]}</span>
              {(link.state === 'sent' || link.state === 'delivered') && (
                <span className={styles.hint}>{callLinkTexts.expiresAt(timeOf(link.expires_at))}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
