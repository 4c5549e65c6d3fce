import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountTexts } from '@seguridad/contracts/messages';
import { settingsSectionPaths } from '@seguridad/contracts/web-paths';
import { Alert } from '../../shared/ui/alert';
import { buttonClassName } from '../../shared/ui/button';
import { useVerifyEmail } from './api/verify-email';
import { authErrorText } from './auth-errors';
import { PageCard } from '../../shared/ui/page-card';
import { LoadingState } from './components/loading-state';

/**
 * `/verificar-correo?code=…` (decision 039): opening the mailed link confirms the address at once
 * and says so. The code is used once: a second visit, an old or a made-up link says it is not
 * valid and where to ask for a new one.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const verify = useVerifyEmail();
  // Sent once per page: the code works once, and a second send would report it used.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !code) return;
    sent.current = true;
    verify.mutate(code);
  }, [code, verify]);

  function content() {
    if (!code || verify.isError) {
      return (
        <Alert tone="warning">
          {code
            ? authErrorText(verify.error, { 404: accountTexts.verifyEmailInvalid })
            : accountTexts.verifyEmailInvalid}
        </Alert>
      );
    }
    if (!verify.isSuccess) return <LoadingState label={accountTexts.verifyEmailChecking} />;
    return (
      <>
        <Alert tone="success">{accountTexts.emailVerified}</Alert>
        <Link className={buttonClassName('secondary', true)} to={settingsSectionPaths.networks}>
          {accountTexts.verifyEmailContinue}
        </Link>
      </>
    );
  }

  return <PageCard title={accountTexts.verifyEmailTitle}>{content()}</PageCard>;
}
