import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { dataExportTexts as t } from '@seguridad/contracts/messages/data-export';
import {
  DATA_REQUEST_DETAIL_MAX,
  DATA_REQUEST_KINDS,
  dataRequestBodySchema,
  dataRequestKindLabels,
} from '@seguridad/contracts/http/data-requests';
import { errorText } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/select-field';
import type { SnackbarMessage } from '../../../shared/ui/snackbar';
import fieldStyles from '../../../shared/ui/text-field.module.css';
import { useFileDataRequest } from '../api/file-data-request';
import { useDataRequests } from '../api/get-data-requests';
import { formatDay } from '../format-date';
import styles from '../settings-page.module.css';
import { SectionStatus } from './section-status';

type DataRequestsPanelProps = { onNotice: (tone: SnackbarMessage['tone'], text: string) => void };
type Values = z.input<typeof dataRequestBodySchema>;

/**
 * «Solicitudes» (decision 034): opposition, blocking, a rectification the profile cannot do or
 * anything else; each is listed with its state and the day by which it must be answered.
 */
export function DataRequestsPanel({ onNotice }: DataRequestsPanelProps) {
  const requests = useDataRequests();
  const file = useFileDataRequest();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, z.output<typeof dataRequestBodySchema>>({
    resolver: zodResolver(dataRequestBodySchema),
    defaultValues: { kind: 'opposition', detail: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      onNotice('success', (await file.mutateAsync(values)).message);
      reset();
    } catch (error) {
      onNotice('error', errorText(error));
    }
  });

  const list = requests.data;
  return (
    <section className={styles.block} aria-labelledby="data-requests-title">
      <h3 id="data-requests-title" className={styles.blockTitle}>
        {t.requestsTitle}
      </h3>
      <p className={styles.hint}>{t.requestsIntro}</p>
      <form className={styles.requestForm} onSubmit={submit} noValidate>
        <SelectField label={t.kindLabel} error={errors.kind?.message} {...register('kind')}>
          {DATA_REQUEST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {dataRequestKindLabels[kind]}
            </option>
          ))}
        </SelectField>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor="data-request-detail">
            {t.detailLabel}
          </label>
          <textarea
            id="data-request-detail"
            rows={4}
            maxLength={DATA_REQUEST_DETAIL_MAX}
            className={[fieldStyles.input, styles.textarea, errors.detail ? fieldStyles.inputInvalid : '']
              .filter(Boolean)
              .join(' ')}
            aria-invalid={errors.detail ? true : undefined}
            aria-describedby={errors.detail ? 'data-request-detail-error' : undefined}
            {...register('detail')}
          />
          {errors.detail?.message && (
            <p id="data-request-detail-error" className={fieldStyles.error}>
              <span aria-hidden="true" className={fieldStyles.errorIcon}>
                !
              </span>
              {errors.detail.message}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? t.sending : t.send}
          </Button>
        </div>
      </form>
      {!list ? (
        <SectionStatus failed={requests.isError} />
      ) : list.length === 0 ? (
        <p className={styles.hint}>{t.noRequests}</p>
      ) : (
        <ul className={styles.rows} aria-label={t.requestsTitle}>
          {list.map((request) => (
            <li key={request.id} className={styles.row}>
              <div className={styles.rowMain}>
                <p className={styles.actionLabel}>
                  {dataRequestKindLabels[request.kind]} n° {request.id}
                  <span className={styles.badge}>
                    {request.status === 'open' ? t.statusOpen : t.statusAnswered}
                  </span>
                  {request.extended && <span className={styles.badge}>{t.extended}</span>}
                </p>
                <p className={styles.hint}>{t.answeredByCompany(request.company)}</p>
                <p className={styles.hint}>{request.detail}</p>
                {request.status === 'open' ? (
                  <p className={styles.hint}>{t.dueBy(formatDay(request.due_at))}</p>
                ) : (
                  request.answer && (
                    <p className={styles.hint}>
                      {t.answer}: {request.answer}
                    </p>
                  )
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
