import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { updateCompanySettingsBodySchema } from '@seguridad/contracts/http/operator';
import { ApiRequestError } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

/** The server's own rule for an origin (scheme, host, optional port), with its Spanish message. */
const newOriginSchema = z.object({
  origin: updateCompanySettingsBodySchema.shape.allowed_origins.unwrap().element,
});

type CompanySettings = CompanySettingsResponse['company'];

/** The sites whose pages may frame the widget (its CSP frame-ancestors). */
export function AllowedOriginsEditor({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  // A removed item takes its button along: the keyboard goes back to the list's heading.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const update = useUpdateCompanySettings();
  const origins = company.allowed_origins;
  const form = useForm({ resolver: zodResolver(newOriginSchema), defaultValues: { origin: '' } });
  const { register, handleSubmit, reset, setError } = form;

  const onAdd = handleSubmit(({ origin }) => {
    if (origins.includes(origin)) {
      setError('origin', { message: 'Ese origen ya está en la lista.' }, { shouldFocus: true });
      return;
    }
    update.mutate(
      { allowed_origins: [...origins, origin] },
      {
        onSuccess: () => {
          reset();
          notify({ tone: 'success', text: `Origen ${origin} agregado.` });
        },
        onError: (failure) => {
          if (failure instanceof ApiRequestError && failure.status === 400) {
            setError('origin', { message: failure.userMessage }, { shouldFocus: true });
          } else notify(failureNotice('No se pudo agregar el origen', failure));
        },
      },
    );
  });

  function remove(origin: string) {
    update.mutate(
      { allowed_origins: origins.filter((kept) => kept !== origin) },
      {
        onSuccess: () => {
          titleRef.current?.focus();
          notify({ tone: 'success', text: `Origen ${origin} quitado.` });
        },
        onError: (failure) => notify(failureNotice('No se pudo quitar el origen', failure)),
      },
    );
  }

  return (
    <div className={styles.subsection} role="group" aria-labelledby={titleId}>
      <h4 id={titleId} ref={titleRef} tabIndex={-1} className={styles.subsectionTitle}>
        Sitios autorizados
      </h4>
      <p className={styles.lead}>
        Solo las páginas de estos orígenes pueden mostrar el widget, además de este sitio. Escribe cada origen
        con su esquema y sin ruta, por ejemplo https://municipalidad.cl.
      </p>
      {origins.length === 0 ? (
        <p className={styles.emptyList}>Todavía no hay sitios autorizados.</p>
      ) : (
        <ul className={styles.itemList}>
          {origins.map((origin) => (
            <li key={origin} className={styles.item}>
              <span className={styles.itemText}>{origin}</span>
              <Button variant="ghost" className={styles.removeButton} onClick={() => remove(origin)}>
                Quitar<span className="visually-hidden"> {origin}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.addForm} onSubmit={onAdd} noValidate>
        <TextField
          className={styles.addField}
          label="Nuevo origen"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          error={form.formState.errors.origin?.message}
          {...register('origin')}
        />
        <Button type="submit" variant="secondary" busy={update.isPending} className={styles.addButton}>
          Agregar origen
        </Button>
      </form>
    </div>
  );
}
