import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { QUICK_EXIT, QUICK_QUESTIONS } from '@seguridad/contracts/constants';
import { quickExitUrlSchema, quickQuestionsSchema } from '@seguridad/contracts/http/operator';
import { silentCallSettingsTexts } from '@seguridad/contracts/messages/console-ui';
import { Button } from '../../../shared/ui/button';
import { FieldFrame, TextField, useFieldIds } from '../../../shared/ui/text-field';
import fieldStyles from '../../../shared/ui/text-field.module.css';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

/** One question per line; blank lines are not questions. */
function questionsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const silentCallSchema = z.object({
  quick_exit_url: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(quickExitUrlSchema.nullable()),
  quick_questions: z.string().transform(questionsOf).pipe(quickQuestionsSchema),
});
type SilentCallValues = z.input<typeof silentCallSchema>;

type CompanySettings = CompanySettingsResponse['company'];

/**
 * Where Salida rápida takes a citizen and the silent call's quick questions (decision 060). An
 * empty address goes back to the product's default.
 */
export function SilentCallSettings({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  const update = useUpdateCompanySettings();
  const form = useForm<SilentCallValues, unknown, z.output<typeof silentCallSchema>>({
    resolver: zodResolver(silentCallSchema),
    defaultValues: {
      quick_exit_url: company.quick_exit_url === QUICK_EXIT.defaultUrl ? '' : company.quick_exit_url,
      quick_questions: company.quick_questions.join('\n'),
    },
  });
  const { register, handleSubmit, formState } = form;
  const questionsError = formState.errors.quick_questions?.message;
  const questionIds = useFieldIds({ hint: silentCallSettingsTexts.questionsHint, error: questionsError });

  const onSave = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => notify({ tone: 'success', text: silentCallSettingsTexts.saved }),
      onError: (failure) => notify(failureNotice(silentCallSettingsTexts.saveFailed, failure)),
    });
  });

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {silentCallSettingsTexts.title}
      </h3>
      <p className={styles.lead}>{silentCallSettingsTexts.lead}</p>
      <form className={styles.launcherForm} onSubmit={onSave} noValidate>
        <TextField
          label={silentCallSettingsTexts.exitUrl}
          hint={silentCallSettingsTexts.exitUrlHint(QUICK_EXIT.defaultUrl)}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={QUICK_EXIT.urlMax}
          placeholder={QUICK_EXIT.defaultUrl}
          error={formState.errors.quick_exit_url?.message}
          {...register('quick_exit_url')}
        />
        <FieldFrame
          ids={questionIds}
          label={silentCallSettingsTexts.questions}
          hint={silentCallSettingsTexts.questionsHint}
          error={questionsError}
        >
          <textarea
            id={questionIds.id}
            rows={Math.min(QUICK_QUESTIONS.max, Math.max(4, company.quick_questions.length + 1))}
            className={[fieldStyles.input, questionsError ? fieldStyles.inputInvalid : ''].join(' ')}
            aria-invalid={questionsError ? true : undefined}
            aria-describedby={[questionIds.hintId, questionIds.errorId].filter(Boolean).join(' ')}
            {...register('quick_questions')}
          />
        </FieldFrame>
        <Button type="submit" variant="secondary" busy={update.isPending}>
          {silentCallSettingsTexts.save}
        </Button>
      </form>
    </section>
  );
}
