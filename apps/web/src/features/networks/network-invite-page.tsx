import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { NETWORK_STATUS } from '@seguridad/contracts/http/networks';
import { networkTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { ApiRequestError, errorStatus, isEmailUnverified } from '../../shared/api/api-client';
import { EmailUnverifiedNotice } from '../../shared/auth/email-unverified-notice';
import { loginPathFor, useRedirectToLogin, useRequireSession } from '../../shared/auth/require-session';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { PageCard } from '../../shared/ui/page-card';
import { useEnterToNetworkWithInvitationCode } from './api/enter-to-network-with-invitation-code';
import { useUserInfoByCode } from './api/get-user-info-by-code';
import styles from './network-invite-page.module.css';

/** What the e-mailed link must look like before asking the server about it. */
function linkIsWellFormed(code: string, companyId: string): boolean {
  return code.length >= 16 && code.length <= 128 && /^[1-9]\d{0,9}$/.test(companyId);
}

function initials(name: string, lastname: string): string {
  return `${name.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase();
}

type Outcome =
  | { step: 'deciding'; failure: string | null }
  | { step: 'accepted' }
  | { step: 'not-for-you' }
  | { step: 'unverified' }
  | { step: 'invalid'; text: string };

/**
 * `/network_invite?code=…&cmp=…` (spec §2, §4): awaiting a decision → accepted (success notice and
 * back-to-start button); rejecting goes to the index. Without a session, or when the session is
 * refused, the login page takes the visitor and brings them back here.
 */
export function NetworkInvitePage() {
  const hasSession = useRequireSession();
  const redirectToLogin = useRedirectToLogin();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const companyId = searchParams.get('cmp')?.trim() ?? '';
  const wellFormed = linkIsWellFormed(code, companyId);
  const inviter = useUserInfoByCode(code, companyId, hasSession && wellFormed);
  const enter = useEnterToNetworkWithInvitationCode();
  const [outcome, setOutcome] = useState<Outcome>({ step: 'deciding', failure: null });
  const outcomeRef = useRef<HTMLDivElement>(null);

  const lookupStatus = errorStatus(inviter.error);
  useEffect(() => {
    if (lookupStatus === 401) redirectToLogin();
  }, [lookupStatus, redirectToLogin]);

  useEffect(() => {
    if (outcome.step !== 'deciding') outcomeRef.current?.focus();
  }, [outcome.step]);

  async function answer(status: 2 | 3) {
    setOutcome({ step: 'deciding', failure: null });
    try {
      await enter.mutateAsync({ company_id: Number(companyId), invitation_code: code, status });
      if (status === NETWORK_STATUS.confirmed) setOutcome({ step: 'accepted' });
      else await navigate(webPaths.home, { replace: true });
    } catch (error) {
      const failedWith = errorStatus(error);
      if (failedWith === 401) redirectToLogin();
      else if (isEmailUnverified(error)) setOutcome({ step: 'unverified' });
      else if (failedWith === 403) setOutcome({ step: 'not-for-you' });
      else if (failedWith === 404 && error instanceof ApiRequestError) {
        setOutcome({ step: 'invalid', text: error.userMessage });
      } else setOutcome({ step: 'deciding', failure: networkTexts.acceptFailed });
    }
  }

  const backHome = (
    <Link className={buttonClassName('secondary', true)} to={webPaths.home}>
      {networkTexts.backToStart}
    </Link>
  );

  function content() {
    if (!hasSession) return <p className={styles.loading}>{networkTexts.loading}</p>;
    const owner = inviter.data?.user;
    const ownerName = owner ? `${owner.name} ${owner.lastname}`.trim() : '';
    if (outcome.step === 'accepted') {
      return (
        <div ref={outcomeRef} tabIndex={-1} className={styles.outcome}>
          <Alert tone="success" title={networkTexts.invitationConfirmed}>
            {networkTexts.acceptedBody(ownerName)}
          </Alert>
          <div className={styles.actions}>{backHome}</div>
        </div>
      );
    }
    if (outcome.step === 'unverified') {
      // The session stays: once the mailed link is opened, this same page accepts.
      return (
        <div ref={outcomeRef} tabIndex={-1} className={styles.outcome}>
          <EmailUnverifiedNotice />
          <div className={styles.actions}>
            <Button fullWidth onClick={() => setOutcome({ step: 'deciding', failure: null })}>
              {networkTexts.retry}
            </Button>
            {backHome}
          </div>
        </div>
      );
    }
    if (outcome.step === 'not-for-you') {
      // A 403 also ended the session in this browser (spec §7): offer to sign in with the right account.
      return (
        <div ref={outcomeRef} tabIndex={-1} className={styles.outcome}>
          <Alert tone="warning">{networkTexts.invitationNotForYou}</Alert>
          <div className={styles.actions}>
            <Link className={buttonClassName('primary', true)} to={loginPathFor(`${pathname}${search}`)}>
              {networkTexts.signInAnotherAccount}
            </Link>
            {backHome}
          </div>
        </div>
      );
    }
    if (outcome.step === 'invalid' || !wellFormed || lookupStatus === 404) {
      return (
        <div ref={outcomeRef} tabIndex={-1} className={styles.outcome}>
          <Alert tone="warning">
            {outcome.step === 'invalid' ? outcome.text : networkTexts.invitationInvalid}
          </Alert>
          <div className={styles.actions}>{backHome}</div>
        </div>
      );
    }
    if (inviter.isError && lookupStatus !== 401) {
      return (
        <div className={styles.outcome}>
          <Alert tone="warning">{networkTexts.acceptFailed}</Alert>
          <div className={styles.actions}>
            <Button onClick={() => void inviter.refetch()}>{networkTexts.retry}</Button>
            {backHome}
          </div>
        </div>
      );
    }
    if (!owner) return <p className={styles.loading}>{networkTexts.loading}</p>;
    return (
      <>
        <span className={styles.avatar} aria-hidden="true">
          {initials(owner.name, owner.lastname)}
        </span>
        <p className={styles.invitedBy}>
          <strong>{networkTexts.invitedBy(ownerName)}</strong>
        </p>
        <p className={styles.muted}>{networkTexts.inviteExplanation}</p>
        {outcome.failure && <Alert tone="warning">{outcome.failure}</Alert>}
        <div className={styles.actions}>
          <Button
            fullWidth
            busy={enter.isPending && enter.variables?.status === NETWORK_STATUS.confirmed}
            disabled={enter.isPending}
            onClick={() => void answer(2)}
          >
            {networkTexts.accept}
          </Button>
          <Button
            variant="secondary"
            fullWidth
            busy={enter.isPending && enter.variables?.status === NETWORK_STATUS.rejected}
            disabled={enter.isPending}
            onClick={() => void answer(3)}
          >
            {networkTexts.reject}
          </Button>
        </div>
      </>
    );
  }

  return (
    <PageCard title={networkTexts.invitePageTitle} centred>
      {content()}
    </PageCard>
  );
}
