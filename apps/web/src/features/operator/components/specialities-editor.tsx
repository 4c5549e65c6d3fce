import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { specialityNameBodySchema } from '@seguridad/contracts/http/operator';
import { ApiRequestError } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { useAddSpeciality } from '../api/add-speciality';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useRemoveSpeciality } from '../api/remove-speciality';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

type CompanySettings = CompanySettingsResponse['company'];

/** The specialities a caller picks from before a video call. */
export function SpecialitiesEditor({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  // A removed item takes its button along: the keyboard goes back to the list's heading.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const add = useAddSpeciality();
  const remove = useRemoveSpeciality();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(specialityNameBodySchema), defaultValues: { name: '' } });

  const onAdd = handleSubmit(({ name: added }) => {
    add.mutate(added, {
      onSuccess: () => {
        reset();
        notify({ tone: 'success', text: `Especialidad «${added}» agregada.` });
      },
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.status === 400) {
          setError('name', { message: failure.userMessage }, { shouldFocus: true });
        } else notify(failureNotice('No se pudo agregar la especialidad', failure));
      },
    });
  });

  function onRemove(speciality: { id: number; name: string }) {
    remove.mutate(speciality.id, {
      onSuccess: () => {
        titleRef.current?.focus();
        notify({ tone: 'success', text: `Especialidad «${speciality.name}» quitada.` });
      },
      onError: (failure) => notify(failureNotice('No se pudo quitar la especialidad', failure)),
    });
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className={styles.cardTitle}>
        Especialidades
      </h3>
      <p className={styles.lead}>Quien llama elige una antes de iniciar la videollamada.</p>
      {company.specialities.length === 0 ? (
        <p className={styles.emptyList}>No hay especialidades: las videollamadas llegan sin clasificar.</p>
      ) : (
        <ul className={styles.itemList}>
          {company.specialities.map((speciality) => (
            <li key={speciality.id} className={styles.item}>
              <span className={styles.itemText}>{speciality.name}</span>
              <Button
                variant="ghost"
                className={styles.removeButton}
                busy={remove.isPending && remove.variables === speciality.id}
                onClick={() => onRemove(speciality)}
              >
                Quitar<span className="visually-hidden"> {speciality.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.addForm} onSubmit={onAdd} noValidate>
        <TextField
          className={styles.addField}
          label="Nueva especialidad"
          autoComplete="off"
          maxLength={80}
          error={errors.name?.message}
          {...register('name')}
        />
        <Button type="submit" variant="secondary" busy={add.isPending} className={styles.addButton}>
          Agregar especialidad
        </Button>
      </form>
    </section>
  );
}
