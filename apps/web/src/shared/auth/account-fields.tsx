import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { signupBodySchema } from '@seguridad/contracts/http/auth';
import { registerKeepingTyped } from '../forms/typed-before-react';
import { EmailField } from '../ui/email-field';
import { PasswordField } from '../ui/password-field';
import { TextField } from '../ui/text-field';

/*
 * The fields of the account forms, wherever an account is made or opened: the register and login
 * pages, the password reset, and the checkout's own register and login steps. The login and register
 * pages are prerendered, so their fields take what was typed before the app loaded.
 */

type Credentials = { email: string; password: string };

type SignInFieldsProps<T extends Credentials> = {
  // The resolver's output type differs from the form's values; only the values matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
};

/** E-mail and current password, named so the browser offers the saved login. */
export function SignInFields<T extends Credentials>({ form }: SignInFieldsProps<T>) {
  // Every form this serves has these two fields; react-hook-form cannot see that through `T`.
  const typedForm = form as unknown as UseFormReturn<Credentials>;
  const register = registerKeepingTyped(typedForm);
  const { errors } = typedForm.formState;
  return (
    <>
      <EmailField
        label="Email"
        autoComplete="username"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Contraseña"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
    </>
  );
}

type NewPasswordValues = { password: string; password_confirmation: string };

type NewPasswordFieldsProps<T extends NewPasswordValues> = {
  // The resolver's output type differs from the form's values; only the values matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<T, any, any>;
  passwordLabel?: string;
  confirmationLabel?: string;
};

/**
 * A new password and its confirmation. A change to the password checks the confirmation again once
 * it was typed, so "the passwords do not match" goes away (or comes) as the person corrects either.
 */
export function NewPasswordFields<T extends NewPasswordValues>({
  form,
  passwordLabel = 'Contraseña',
  confirmationLabel = 'Confirmar Contraseña',
}: NewPasswordFieldsProps<T>) {
  // Every form this serves has these two fields; react-hook-form cannot see that through `T`.
  const typedForm = form as unknown as UseFormReturn<NewPasswordValues>;
  const {
    getValues,
    trigger,
    formState: { errors },
  } = typedForm;
  const register = registerKeepingTyped(typedForm);
  const revalidateConfirmation = () => {
    if (getValues('password_confirmation')) void trigger('password_confirmation');
  };
  return (
    <>
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        hint="Al menos 8 caracteres."
        error={errors.password?.message}
        {...register('password', { onChange: revalidateConfirmation })}
      />
      <PasswordField
        label={confirmationLabel}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
    </>
  );
}

/** The sign-up form's state: the account's data, checked as the person types. */
export function useSignupForm() {
  return useForm({
    resolver: zodResolver(signupBodySchema),
    mode: 'onChange',
    defaultValues: { name: '', lastname: '', email: '', password: '', password_confirmation: '' },
  });
}

type SignupFieldsProps = {
  form: ReturnType<typeof useSignupForm>;
  /** The page's two-column row for the first name and last name. */
  rowClassName?: string;
};

/** The sign-up form's fields: names, e-mail, and the new password with its confirmation. */
export function SignupFields({ form, rowClassName }: SignupFieldsProps) {
  const {
    formState: { errors },
  } = form;
  const register = registerKeepingTyped(form);
  return (
    <>
      <div className={rowClassName}>
        <TextField
          label="Nombre"
          autoComplete="given-name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Apellido"
          autoComplete="family-name"
          error={errors.lastname?.message}
          {...register('lastname')}
        />
      </div>
      <EmailField label="Email" error={errors.email?.message} {...register('email')} />
      <NewPasswordFields form={form} />
    </>
  );
}
