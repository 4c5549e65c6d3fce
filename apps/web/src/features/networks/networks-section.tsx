import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { DELAYS_MS, SECURITY_NETWORK_MAX_PEOPLE } from '@seguridad/contracts/constants';
import {
  NETWORK_STATUS,
  type ExternalNetworkInvitation,
  type MyNetworkInvitation,
} from '@seguridad/contracts/http/networks';
import { networkTexts, settingsTexts } from '@seguridad/contracts/messages';
import { ApiRequestError, errorStatus, isEmailUnverified } from '../../shared/api/api-client';
import { EmailUnverifiedNotice } from '../../shared/auth/email-unverified-notice';
import { useRedirectToLogin } from '../../shared/auth/require-session';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Snackbar } from '../../shared/ui/snackbar';
import { useAcceptRejectInvitation } from './api/accept-reject-invitation';
import { useAddUserToNetwork } from './api/add-user-to-network';
import { useMyNetwork } from './api/get-my-network';
import { useQuitSecurityNetwork } from './api/quit-security-network';
import { InviteDialog } from './components/invite-dialog';
import { NetworkTable, type NetworkRow } from './components/network-table';
import styles from './networks.module.css';
import { useNetworkEvents } from './use-network-events';

type TabId = 'mine' | 'external';

function fullName(profile: { name: string; lastname: string } | null): string | null {
  if (!profile) return null;
  return `${profile.name} ${profile.lastname}`.trim() || null;
}

/** The server's own sentence for a refused call (network full, already invited…), else 'Error' (spec §8). */
function failureText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.body) {
    return error.userMessage;
  }
  return networkTexts.failure;
}

/** The settings page's "Redes de Seguridad" section: Mi Red and Redes Externas (spec §2 Networks). */
/** A question before an answer or a removal takes effect (spec §2: 'Salir de Red de Seguridad'). */
type ConfirmRequest = {
  title: string;
  description: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  onConfirm: () => Promise<void>;
};

export function NetworksSection() {
  const titleId = useId();
  const network = useMyNetwork();
  useNetworkEvents();
  const addUser = useAddUserToNetwork();
  const answer = useAcceptRejectInvitation();
  const quit = useQuitSecurityNetwork();
  const redirectToLogin = useRedirectToLogin();
  const [tab, setTab] = useState<TabId>('mine');
  const [inviting, setInviting] = useState(false);
  const [confirmRequest, setConfirmRequest] = useState<ConfirmRequest | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const loadStatus = errorStatus(network.error);
  useEffect(() => {
    // The session ended meanwhile (the client already forgot the token): sign in and come back.
    if (loadStatus === 401) redirectToLogin();
  }, [loadStatus, redirectToLogin]);

  // Good news hides after the spec's 3 s (§9); a failure stays until closed, so nobody races a clock.
  useEffect(() => {
    if (!notice || notice.tone === 'error') return;
    const timer = setTimeout(() => setNotice(null), DELAYS_MS.alertHide);
    return () => clearTimeout(timer);
  }, [notice]);

  function reportFailure(error: unknown) {
    if (errorStatus(error) === 401) redirectToLogin();
    // The section shows the unverified notice with "Reenviar enlace" once the list refetches.
    else if (isEmailUnverified(error)) void network.refetch();
    else setNotice({ tone: 'error', text: failureText(error) });
  }

  async function sendInvitation(guestEmail: string) {
    try {
      await addUser.mutateAsync({ guest_email: guestEmail });
      setNotice({ tone: 'success', text: networkTexts.invitationSent });
    } catch (error) {
      reportFailure(error);
    } finally {
      setInviting(false);
    }
  }

  function ask(request: Omit<ConfirmRequest, 'onConfirm'>, action: () => Promise<unknown>, done: string) {
    setConfirmRequest({
      ...request,
      onConfirm: async () => {
        try {
          await action();
          setNotice({ tone: 'success', text: done });
        } catch (error) {
          reportFailure(error);
        } finally {
          setConfirmRequest(null);
        }
      },
    });
  }

  function askRemoval(invitation: MyNetworkInvitation) {
    const person = fullName(invitation.guest.profile) ?? invitation.guest.email;
    const pending = invitation.status === NETWORK_STATUS.pending;
    ask(
      {
        title: networkTexts.leaveDialogTitle,
        description: pending
          ? networkTexts.cancelInvitation(invitation.guest.email)
          : networkTexts.removeFromMyNetwork(person),
        confirmLabel: pending ? networkTexts.cancelInvitationConfirm : networkTexts.removeConfirm,
        tone: 'danger',
      },
      () => quit.mutateAsync({ invitation_id: invitation.id }),
      networkTexts.invitationRemoved,
    );
  }

  function askLeave(invitation: ExternalNetworkInvitation) {
    const person = fullName(invitation.owner.profile) ?? invitation.owner.email;
    ask(
      {
        title: networkTexts.leaveDialogTitle,
        description: networkTexts.leaveExternalNetwork(person),
        confirmLabel: networkTexts.leaveConfirm,
        tone: 'danger',
      },
      () => quit.mutateAsync({ invitation_id: invitation.id }),
      networkTexts.invitationRemoved,
    );
  }

  function askAnswer(invitation: ExternalNetworkInvitation, status: 2 | 3) {
    const person = fullName(invitation.owner.profile) ?? invitation.owner.email;
    const confirming = status === NETWORK_STATUS.confirmed;
    ask(
      {
        title: confirming ? networkTexts.confirmDialogTitle : networkTexts.rejectDialogTitle,
        description: confirming
          ? networkTexts.confirmInvitation(person)
          : networkTexts.rejectInvitation(person),
        confirmLabel: confirming ? networkTexts.confirm : networkTexts.reject,
        tone: confirming ? 'primary' : 'danger',
      },
      () => answer.mutateAsync({ invitation_id: invitation.id, status }),
      confirming ? networkTexts.invitationConfirmed : networkTexts.invitationRejected,
    );
  }

  const myNetwork = network.data?.my_network ?? [];
  const externalNetworks = network.data?.external_networks ?? [];
  const placesUsed = myNetwork.filter((row) => row.status !== NETWORK_STATUS.rejected).length;
  const pendingExternal = externalNetworks.filter((row) => row.status === NETWORK_STATUS.pending).length;

  const myRows: NetworkRow[] = myNetwork.map((invitation) => {
    const name = fullName(invitation.guest.profile);
    return {
      id: invitation.id,
      name,
      email: invitation.guest.email,
      status: invitation.status,
      actions: (
        <Button
          variant="ghost"
          className={styles.removeButton}
          aria-label={networkTexts.removeGuestLabel(name ?? invitation.guest.email)}
          onClick={() => askRemoval(invitation)}
        >
          {networkTexts.remove}
        </Button>
      ),
    };
  });

  const externalRows: NetworkRow[] = externalNetworks.map((invitation) => {
    const name = fullName(invitation.owner.profile);
    const person = name ?? invitation.owner.email;
    return {
      id: invitation.id,
      name,
      email: invitation.owner.email,
      status: invitation.status,
      actions:
        invitation.status === NETWORK_STATUS.pending ? (
          <>
            <Button
              className={styles.compactButton}
              aria-label={networkTexts.confirmLabel(person)}
              onClick={() => askAnswer(invitation, 2)}
            >
              {networkTexts.confirm}
            </Button>
            <Button
              variant="secondary"
              className={styles.compactButton}
              aria-label={networkTexts.rejectLabel(person)}
              onClick={() => askAnswer(invitation, 3)}
            >
              {networkTexts.reject}
            </Button>
          </>
        ) : (
          <Button
            variant="ghost"
            className={styles.removeButton}
            aria-label={networkTexts.leaveNetworkLabel(person)}
            onClick={() => askLeave(invitation)}
          >
            {networkTexts.remove}
          </Button>
        ),
    };
  });

  function body(content: () => ReactNode) {
    if (network.data) return content();
    if (network.isError && loadStatus !== 401) {
      return (
        <Alert tone="warning">
          <p className={styles.alertText}>{networkTexts.loadFailed}</p>
          <Button variant="secondary" onClick={() => void network.refetch()}>
            {networkTexts.retry}
          </Button>
        </Alert>
      );
    }
    return (
      <p className={styles.loading} aria-busy="true">
        {networkTexts.loadingNetworks}
      </p>
    );
  }

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} tabIndex={-1} className={styles.title}>
        {settingsTexts.networksTitle}
      </h2>
      {network.data?.email_verified === false && <EmailUnverifiedNotice />}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value === 'external' ? 'external' : 'mine')}>
        <Tabs.List aria-label={networkTexts.networksLabel} className={styles.tabList}>
          <Tabs.Trigger value="mine" className={styles.tab}>
            {networkTexts.myNetwork}
          </Tabs.Trigger>
          <Tabs.Trigger value="external" className={styles.tab}>
            {networkTexts.externalNetworks}
            {pendingExternal > 0 && (
              <span className={styles.tabCount}>
                <span aria-hidden="true">{pendingExternal}</span>
                <span className="visually-hidden">{networkTexts.pendingCount(pendingExternal)}</span>
              </span>
            )}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="mine" className={styles.panel}>
          <div className={styles.toolbar}>
            <div>
              <p className={styles.lead}>{networkTexts.myNetworkLead}</p>
              {network.data && (
                <p className={styles.places}>
                  {networkTexts.placesUsed(placesUsed, SECURITY_NETWORK_MAX_PEOPLE)}
                </p>
              )}
            </div>
            <Button onClick={() => setInviting(true)}>{networkTexts.add}</Button>
          </div>
          {body(() => (
            <NetworkTable
              caption={networkTexts.myNetwork}
              personColumn={networkTexts.guestColumn}
              rows={myRows}
              emptyText={networkTexts.myNetworkEmpty}
            />
          ))}
        </Tabs.Content>
        <Tabs.Content value="external" className={styles.panel}>
          <p className={styles.lead}>{networkTexts.externalNetworksLead}</p>
          {body(() => (
            <NetworkTable
              caption={networkTexts.externalNetworks}
              personColumn={networkTexts.ownerColumn}
              rows={externalRows}
              emptyText={networkTexts.externalNetworksEmpty}
            />
          ))}
        </Tabs.Content>
      </Tabs.Root>
      <InviteDialog open={inviting} onOpenChange={setInviting} onSubmit={sendInvitation} />
      <ConfirmDialog
        open={confirmRequest !== null}
        title={confirmRequest?.title ?? ''}
        description={confirmRequest?.description}
        confirmLabel={confirmRequest?.confirmLabel}
        cancelLabel={networkTexts.keep}
        danger={confirmRequest?.tone === 'danger'}
        busy={answer.isPending || quit.isPending}
        onConfirm={() => {
          if (confirmRequest) void confirmRequest.onConfirm();
        }}
        onCancel={() => setConfirmRequest(null)}
      />
      <Snackbar message={notice} onClose={() => setNotice(null)} />
    </section>
  );
}
