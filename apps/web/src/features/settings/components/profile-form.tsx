import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ACCOUNT_PHONE_MAX_DIGITS } from '@seguridad/contracts/constants';
import { formatRut } from '@seguridad/contracts/helpers/rut';
import {
  profileUpdateFieldsSchema,
  type ProfileFormValues,
  type ProfileUpdateFields,
} from '@seguridad/contracts/http/settings';
import { Button } from '../../../shared/ui/button';
import { Switch } from '../../../shared/ui/switch';
import { TextField } from '../../../shared/ui/text-field';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import styles from '../settings-page.module.css';

export type ProfileValues = { name: string; lastname: string; phone: string; rut: string; address: string };

type ProfileFormProps = {
  initial: ProfileValues;
  /** Saves; resolves true when the server took it (the form then leaves edit mode). */
  onSave: (values: ProfileValues) => Promise<boolean>;
  /** A new avatar waiting to be saved counts as a change even with the fields untouched. */
  avatarPending: boolean;
};

/**
 * Nombre, Apellido, Teléfono, Rut and Dirección (spec §2 Account): read-only until Editar is on,
 * checked as typed with the contracts' schema, the RUT formatted as it is typed.
 */
export function ProfileForm({ initial, onSave, avatarPending }: ProfileFormProps) {
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors, isValid, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileUpdateFields>({
    resolver: zodResolver(profileUpdateFieldsSchema),
    mode: 'onChange',
    defaultValues: { ...initial, rut: initial.rut ? formatRut(initial.rut) : '' },
  });

  const rutField = register('rut');
  const readOnly = !editing;
  const fieldClass = readOnly ? styles.fieldReadOnly : undefined;

  // The raw values (the RUT as shown): the server parses them with the same schema.
  const submit = handleSubmit(async () => {
    const current = getValues();
    const values: ProfileValues = {
      name: current.name ?? '',
      lastname: current.lastname ?? '',
      phone: current.phone ?? '',
      rut: current.rut ?? '',
      address: current.address ?? '',
    };
    if (await onSave(values)) {
      setEditing(false);
      reset(values);
    }
  });

  return (
    <form className={styles.profileForm} onSubmit={submit} noValidate>
      <Switch
        label={t.edit}
        checked={editing}
        onChange={(event) => {
          setEditing(event.target.checked);
          if (!event.target.checked) reset();
        }}
      />
      <div className={styles.fieldGrid}>
        <TextField
          label={t.name}
          autoComplete="given-name"
          readOnly={readOnly}
          className={fieldClass}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t.lastname}
          autoComplete="family-name"
          readOnly={readOnly}
          className={fieldClass}
          error={errors.lastname?.message}
          {...register('lastname')}
        />
        <TextField
          label={t.phone}
          hint={t.phoneHint}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={ACCOUNT_PHONE_MAX_DIGITS}
          readOnly={readOnly}
          className={fieldClass}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={t.rut}
          hint={t.rutHint}
          autoComplete="off"
          maxLength={12}
          readOnly={readOnly}
          className={fieldClass}
          error={errors.rut?.message}
          {...rutField}
          onChange={(event) => {
            const formatted = formatRut(event.target.value);
            setValue('rut', formatted, { shouldValidate: true, shouldDirty: true });
          }}
        />
      </div>
      <TextField
        label={t.address}
        autoComplete="street-address"
        readOnly={readOnly}
        className={fieldClass}
        error={errors.address?.message}
        {...register('address')}
      />
      <div className={styles.formActions}>
        <Button type="submit" disabled={!isValid || (!editing && !avatarPending)} busy={isSubmitting}>
          {t.save}
        </Button>
      </div>
    </form>
  );
}
