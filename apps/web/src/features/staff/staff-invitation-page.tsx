import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '@seguridad/contracts/constants';
import { staffTexts, validationMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { errorStatus, errorText } from '../../shared/api/api-client';
import { getSessionToken, setSessionToken } from '../../shared/api/session-token';
import { loginPathFor } from '../../shared/auth/require-session';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { PageCard } from '../../shared/ui/page-card';
import { PasswordField } from '../../shared/ui/password-field';
import { TextField } from '../../shared/ui/text-field';
import { useAcceptInvitation, useRegisterWithInvitation, useStaffInvitation } from './api/staff-invitation';
import styles from './staff-invitation-page.module.css';

const CODE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * `/equipo/invitacion?code=…`: the link a staff invitation mails. A new address sets a name and a
 * password; an address with an account signs in and accepts. Either way the console opens next.
 */
export function StaffInvitationPage() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const wellFormed = CODE_PATTERN.test(code);
  const invitation = useStaffInvitation(code, wellFormed);
  const register = useRegisterWithInvitation();
  const accept = useAcceptInvitation();
  const [fields, setFields] = useState({ name: '', lastname: '', password: '', confirmation: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const errors = {
    name: fields.name.trim() ? undefined : validationMessages.required,
    lastname: fields.lastname.trim() ? undefined : validationMessages.required,
    password:
      fields.password.length >= PASSWORD_MIN_LENGTH ? undefined : validationMessages.passwordMinLength,
    confirmation:
      fields.confirmation === fields.password ? undefined : validationMessages.passwordsDoNotMatch,
  };
  const valid = Object.values(errors).every((error) => error === undefined);

  async function createAccount(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!valid) return;
    setFailure(null);
    try {
      const answer = await register.mutateAsync({
        code,
        name: fields.name,
        lastname: fields.lastname,
        password: fields.password,
        password_confirmation: fields.confirmation,
      });
      if (answer.access_token) {
        setSessionToken(answer.access_token);
        await navigate(webPaths.operator, { replace: true });
      } else await navigate(loginPathFor(webPaths.operator), { replace: true });
    } catch (error) {
      setFailure(errorText(error, staffTexts.acceptFailed));
    }
  }

  async function acceptAsSignedIn() {
    setFailure(null);
    try {
      await accept.mutateAsync(code);
      await navigate(webPaths.operator, { replace: true });
    } catch (error) {
      setFailure(errorText(error, staffTexts.acceptFailed));
    }
  }

  const backHome = (
    <Link className={buttonClassName('ghost', true)} to={webPaths.home}>
      Volver al Inicio
    </Link>
  );

  function content() {
    if (!wellFormed || errorStatus(invitation.error) === 404) {
      return (
        <>
          <Alert tone="warning">{staffTexts.invitationInvalid}</Alert>
          <div className={styles.actions}>{backHome}</div>
        </>
      );
    }
    if (invitation.isError) {
      return (
        <>
          <Alert tone="warning">{errorText(invitation.error, staffTexts.acceptFailed)}</Alert>
          <div className={styles.actions}>
            <Button onClick={() => void invitation.refetch()}>Reintentar</Button>
          </div>
        </>
      );
    }
    const data = invitation.data;
    if (!data) return <p role="status">{staffTexts.loading}</p>;
    const intro = <p>{staffTexts.invitedTo(data.company_name, staffTexts.roles[data.role])}</p>;
    if (data.account_exists) {
      const signedIn = getSessionToken() !== null;
      return (
        <>
          {intro}
          <p>{staffTexts.signInToAccept}</p>
          {failure && <Alert tone="warning">{failure}</Alert>}
          <div className={styles.actions}>
            {signedIn ? (
              <Button fullWidth busy={accept.isPending} onClick={() => void acceptAsSignedIn()}>
                {staffTexts.acceptAs(data.email)}
              </Button>
            ) : null}
            <Link
              className={buttonClassName(signedIn ? 'secondary' : 'primary', true)}
              to={loginPathFor(`${pathname}${search}`)}
            >
              {staffTexts.signIn}
            </Link>
          </div>
        </>
      );
    }
    const shown = (error: string | undefined) => (submitted ? error : undefined);
    return (
      <form className={styles.form} onSubmit={(event) => void createAccount(event)} noValidate>
        {intro}
        <p>{staffTexts.createAccount}</p>
        <TextField label="Correo" value={data.email} readOnly autoComplete="username" />
        <TextField
          label="Nombre"
          value={fields.name}
          autoComplete="given-name"
          error={shown(errors.name)}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
        />
        <TextField
          label="Apellido"
          value={fields.lastname}
          autoComplete="family-name"
          error={shown(errors.lastname)}
          onChange={(event) => setFields({ ...fields, lastname: event.target.value })}
        />
        <PasswordField
          label="Contraseña"
          value={fields.password}
          autoComplete="new-password"
          error={shown(errors.password)}
          onChange={(event) => setFields({ ...fields, password: event.target.value })}
        />
        <PasswordField
          label="Confirmar contraseña"
          value={fields.confirmation}
          autoComplete="new-password"
          error={shown(errors.confirmation)}
          onChange={(event) => setFields({ ...fields, confirmation: event.target.value })}
        />
        {failure && <Alert tone="warning">{failure}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" fullWidth busy={register.isPending}>
            {staffTexts.accept}
          </Button>
        </div>
      </form>
    );
  }

  return <PageCard title={staffTexts.pageTitle}>{content()}</PageCard>;
}
