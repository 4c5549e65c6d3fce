import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { callLinkMinutesSchema } from '@seguridad/contracts/http/operator';
import { callLinkTexts } from '@seguridad/contracts/messages/call-links';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

const minutesSchema = z.object({
  call_link_minutes: z.coerce
    .number({ error: callLinkTexts.settingsMinutesHint })
    .pipe(callLinkMinutesSchema),
});
type MinutesValues = z.input<typeof minutesSchema>;

type CompanySettings = CompanySettingsResponse['company'];

/** How long a call link sent by SMS or WhatsApp works before it is opened (decision 061). */
export function CallLinkSettings({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  const update = useUpdateCompanySettings();
  const form = useForm<MinutesValues, unknown, z.output<typeof minutesSchema>>({
    resolver: zodResolver(minutesSchema),
    defaultValues: { call_link_minutes: String(company.call_link_minutes) },
  });
  const onSave = form.handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => notify({ tone: 'success', text: callLinkTexts.settingsSaved }),
      onError: (failure) => notify(failureNotice(callLinkTexts.settingsFailed, failure)),
    });
  });
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {callLinkTexts.title}
      </h3>
      <form className={styles.launcherForm} onSubmit={onSave} noValidate>
        <TextField
          label={callLinkTexts.settingsMinutes}
          hint={callLinkTexts.settingsMinutesHint}
          type="number"
          inputMode="numeric"
          min={5}
          max={60}
          error={form.formState.errors.call_link_minutes?.message}
          {...form.register('call_link_minutes')}
        />
        <Button type="submit" variant="secondary" busy={update.isPending}>
          {callLinkTexts.settingsSave}
        </Button>
      </form>
    </section>
  );
}
