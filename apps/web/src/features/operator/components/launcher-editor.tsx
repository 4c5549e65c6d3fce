import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  LAUNCHER_COLOR_PATTERN,
  LAUNCHER_DEFAULTS,
  launcherColorSchema,
  launcherLabelSchema,
} from '@seguridad/contracts/http/launcher';
import { launcherTexts } from '@seguridad/contracts/messages/launcher';
import { ApiRequestError } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

const launcherSchema = z.object({ launcher_color: launcherColorSchema, launcher_label: launcherLabelSchema });
type LauncherValues = z.input<typeof launcherSchema>;

type CompanySettings = CompanySettingsResponse['company'];

/** The colour and text of the button the widget draws on the company's own site (decision 036). */
export function LauncherEditor({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  const update = useUpdateCompanySettings();
  const form = useForm<LauncherValues, unknown, z.output<typeof launcherSchema>>({
    resolver: zodResolver(launcherSchema),
    defaultValues: { launcher_color: company.launcher_color, launcher_label: company.launcher_label },
  });
  const { register, handleSubmit, setError, control } = form;
  const [color, label] = useWatch({ control, name: ['launcher_color', 'launcher_label'] });
  const previewColor = LAUNCHER_COLOR_PATTERN.test(color.trim()) ? color.trim() : LAUNCHER_DEFAULTS.color;

  const onSave = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => notify({ tone: 'success', text: launcherTexts.saved }),
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.status === 400) {
          setError('launcher_color', { message: failure.userMessage }, { shouldFocus: true });
        } else notify(failureNotice(launcherTexts.saveFailed, failure));
      },
    });
  });

  return (
    <div className={styles.subsection} role="group" aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.subsectionTitle}>
        {launcherTexts.title}
      </h4>
      <p className={styles.lead}>{launcherTexts.lead}</p>
      <form className={styles.launcherForm} onSubmit={onSave} noValidate>
        <TextField
          label={launcherTexts.labelField}
          autoComplete="off"
          maxLength={60}
          error={form.formState.errors.launcher_label?.message}
          {...register('launcher_label')}
        />
        <TextField
          label={launcherTexts.colorField}
          hint={launcherTexts.colorHint}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={7}
          error={form.formState.errors.launcher_color?.message}
          {...register('launcher_color')}
        />
        <p className={styles.label}>{launcherTexts.preview}</p>
        <span
          className={styles.launcherPreview}
          style={{ background: previewColor }}
          data-testid="launcher-preview"
        >
          {label.trim() || LAUNCHER_DEFAULTS.label}
        </span>
        <Button type="submit" variant="secondary" busy={update.isPending}>
          {launcherTexts.save}
        </Button>
      </form>
    </div>
  );
}
