import { useMutation } from '@tanstack/react-query';
import { isLivePhase } from '../../shared/call/call-state';
import { declineCall } from './api/decline-call';
import { OfferBar } from './components/offer-bar';
import { useNow } from './use-now';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AUTHENTICATOR_SECTION_ID, settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { auditTexts, callbackTexts, promoTexts, staffTexts, teamTexts } from '@seguridad/contracts/messages';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { reportTexts } from '@seguridad/contracts/messages/reports';
import {
  dataRequestConsoleTexts,
  retentionConsoleTexts,
} from '@seguridad/contracts/messages/data-rights-console';
import { errorStatus, errorText } from '../../shared/api/api-client';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';
import { loginPathFor, useRedirectToLogin, useRequireSession } from '../../shared/auth/require-session';
import { useSessionToken } from '../../shared/auth/use-session-token';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { useCompanySettings } from './api/get-company-settings';
import { useMembership } from './api/get-membership';
import { useInbox } from './api/get-inbox';
import { operatorQueryKeys } from './api/operator-query-keys';
import { ConnectionIndicator } from './components/connection-indicator';
import { AvailabilityControl } from './components/availability-control';
import { useAvailability } from './api/get-availability';
import { AuditPanel } from './components/audit-panel';
import { CallsPanel } from './components/calls-panel';
import { ConsoleTabPanel, ConsoleTabs, type ConsoleTab } from './components/console-tabs';
import { DrawPanel } from './components/draw-panel';
import { CallbackCard } from './components/callback-card';
import { ContactCard } from './components/contact-card';
import { DataRequestsPanel } from './components/data-requests-panel';
import { InboxSection } from './components/inbox-section';
import { NewItemNotice } from './components/new-item-notice';
import { RetentionPanel } from './components/retention-panel';
import { SettingsPanel } from './components/settings-panel';
import { SupervisionPanel } from './components/supervision-panel';
import { TeamPanel } from './components/team-panel';
import { VideoMailCard } from './components/video-mail-card';
import { ReportsPanel } from './reports/reports-panel';
import { waitingPublicCalls } from './call-queue';
import styles from './operator-page.module.css';
import { useCallQueue } from './use-call-queue';
import { useNewItemAnnouncements } from './use-new-item-announcements';
import { useOperatorCall } from './use-operator-call';
import { useOperatorEvents } from './use-operator-events';
import { accessAllows } from '@seguridad/contracts/http/api-route';
import { operatorApi } from '@seguridad/contracts/http/operator';
import { retentionApi } from '@seguridad/contracts/http/retention';
import { supervisionApi } from '@seguridad/contracts/http/supervision';

const TITLE = 'Consola de operadores';

/** The open section lives in the address (`?vista=…`), so a reload or a shared link keeps it. */
const views = {
  calls: 'llamadas',
  videoMails: 'video-mails',
  contacts: 'contactos',
  callbacks: 'solicitudes-de-llamada',
  settings: 'configuracion',
  team: 'equipo',
  audit: 'auditoria',
  dataRequests: 'solicitudes-de-datos',
  retention: 'retencion',
  draw: 'sorteo',
  supervision: 'supervision',
  reports: 'reportes',
} as const;
type View = (typeof views)[keyof typeof views];

/** What each inbox tab says about itself and when it has nothing to show. */
const inboxTexts = {
  videoMails: {
    title: 'Video mails',
    emptyPending: 'No hay video mails pendientes. Los nuevos aparecerán aquí sin recargar la página.',
    emptyAll: 'Todavía no llegan video mails.',
  },
  contacts: {
    title: 'Mensajes de contacto',
    emptyPending: 'No hay mensajes pendientes. Los nuevos aparecerán aquí sin recargar la página.',
    emptyAll: 'Todavía no llegan mensajes de contacto.',
  },
  callbacks: {
    title: callbackTexts.consoleTitle,
    emptyPending: callbackTexts.consoleEmptyPending,
    emptyAll: callbackTexts.consoleEmptyAll,
  },
};

function PageFrame({ children, aside, wide }: { children: ReactNode; aside?: ReactNode; wide?: boolean }) {
  const titleId = useId();
  return (
    <section className={wide ? `${styles.page} ${styles.wide}` : styles.page} aria-labelledby={titleId}>
      <div className={styles.header}>
        <h1 id={titleId} className={styles.title}>
          {TITLE}
        </h1>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Loading() {
  return (
    <p className={styles.loading} role="status" aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
      Cargando la consola…
    </p>
  );
}

/** For a signed-in person who is not a member of any company's call centre. */
function NoAccess() {
  return (
    <PageFrame>
      <Alert tone="warning" title="Sin acceso">
        Tu cuenta no tiene acceso a la consola de operadores.
      </Alert>
      <p>Si trabajas en la central, pide a quien la administra que agregue tu correo como operador.</p>
      <div className={styles.actions}>
        <Link className={buttonClassName('primary')} to={webPaths.home}>
          Volver al Inicio
        </Link>
        <Link className={buttonClassName('ghost')} to={loginPathFor(webPaths.operator)}>
          Ingresar con otra cuenta
        </Link>
      </div>
    </PageFrame>
  );
}

/**
 * The company asks its staff for two-step sign-in before the console opens: an authenticator app
 * (which needs no SMS provider, decision 054) or a confirmed phone, both set up in Settings.
 */
function TwoStepFirst() {
  return (
    <PageFrame>
      <Alert tone="warning" title="Verificación en dos pasos">
        {staffTexts.twoStepRequired}
      </Alert>
      <div className={styles.actions}>
        <Link
          className={buttonClassName('primary')}
          to={`${settingsSectionPaths.twoFactor}#${AUTHENTICATOR_SECTION_ID}`}
        >
          {twoStepTexts.setUpApp}
        </Link>
        <Link className={buttonClassName('ghost')} to={settingsSectionPaths.twoFactor}>
          Configurar la verificación en dos pasos
        </Link>
      </div>
    </PageFrame>
  );
}

/** `/operador`: the call centre's live calls, its inbox of video mails and contact messages, and its settings. */
export function OperatorPage() {
  const hasSession = useRequireSession();
  return hasSession ? (
    <OperatorConsole />
  ) : (
    <PageFrame>
      <Loading />
    </PageFrame>
  );
}

function OperatorConsole() {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const redirectToLogin = useRedirectToLogin();
  const membership = useMembership();
  const twoStepRequired = membership.data?.two_step_required === true;
  const member = membership.data?.member === true && !twoStepRequired;
  const inbox = useInbox(member);
  const company = useCompanySettings(member);
  const announcement = useNewItemAnnouncements(inbox.data);
  const [searchParams, setSearchParams] = useSearchParams();

  const denied = errorStatus(membership.error) ?? errorStatus(inbox.error) ?? errorStatus(company.error);
  // A refetch that failed while the server restarted (a deploy) keeps what was loaded: the console
  // stays, its socket reconnects and resyncs, instead of an error page the operator must retry.
  const isMember = inbox.data !== undefined;

  useEffect(() => {
    if (denied === 401) redirectToLogin();
  }, [denied, redirectToLogin]);

  const callQueue = useCallQueue(isMember);
  const availability = useAvailability(isMember);
  const { connection, socket } = useOperatorEvents(isMember ? token : null, {
    onResync: () => void queryClient.invalidateQueries({ queryKey: operatorQueryKeys.all }),
    onInboxNew: () => void queryClient.invalidateQueries({ queryKey: operatorQueryKeys.inbox }),
    onInboxHandled: () => void queryClient.invalidateQueries({ queryKey: operatorQueryKeys.inbox }),
    onCompanyChanged: () => void queryClient.invalidateQueries({ queryKey: operatorQueryKeys.company }),
    ...callQueue.events,
  });
  const operatorCall = useOperatorCall({
    socket,
    onLeftQueue: (id) => callQueue.events.onQueueRemoved({ id, reason: 'accepted' }),
    onCallsChanged: () => void queryClient.invalidateQueries({ queryKey: operatorQueryKeys.calls }),
  });
  const ownUserId = availability.data?.availability.user_id ?? null;
  const offered = waitingPublicCalls(callQueue.state).find(
    (call) => call.offer?.operator_id === ownUserId && call.offerDeadline !== null,
  );
  const now = useNow(1000, offered !== undefined);
  const offer =
    offered && offered.offerDeadline !== null && offered.offerDeadline > now ? offered : undefined;
  const declineOffer = useMutation({ mutationFn: (callId: number) => declineCall(callId) });
  // In a call the badge says so; once the call is over it says what the operator chose again.
  const inLiveCall =
    operatorCall.state.step === 'in-call' &&
    operatorCall.snapshot !== null &&
    isLivePhase(operatorCall.snapshot.phase);

  if (twoStepRequired) return <TwoStepFirst />;
  if (membership.data?.member === false || denied === 403) return <NoAccess />;
  const failed =
    membership.isError && !membership.data ? membership : inbox.isError && !inbox.data ? inbox : undefined;
  if (failed && denied !== 401) {
    return (
      <PageFrame>
        <Alert tone="error" title="No pudimos cargar la consola">
          {errorText(failed.error, operatorTexts.connectionProblem)}
        </Alert>
        <Button onClick={() => void failed.refetch()} busy={failed.isFetching}>
          Reintentar
        </Button>
      </PageFrame>
    );
  }
  if (!inbox.data) {
    return (
      <PageFrame>
        <Loading />
      </PageFrame>
    );
  }

  const settings = company.data?.company;
  // What the routes behind each view declare (contracts' `access`), so a tab shows exactly when
  // the server would answer it.
  const isAdmin = accessAllows(operatorApi.updateCompany.access, settings?.role);
  const canHold = accessAllows(retentionApi.placeHold.access, settings?.role);
  const canSupervise = accessAllows(supervisionApi.snapshot.access, settings?.role);
  const { video_mails: videoMails, contacts, callbacks } = inbox.data;
  const requested = searchParams.get('vista') as View | null;
  const view: View =
    requested === views.videoMails ||
    requested === views.contacts ||
    requested === views.callbacks ||
    ((requested === views.supervision || requested === views.reports) && canSupervise) ||
    ((requested === views.settings ||
      requested === views.team ||
      requested === views.audit ||
      requested === views.dataRequests ||
      requested === views.retention ||
      requested === views.draw) &&
      isAdmin) ||
    (requested === views.reports && canHold)
      ? requested
      : views.calls;

  const tabs: ConsoleTab<View>[] = [
    { id: views.calls, label: 'Llamadas', pending: waitingPublicCalls(callQueue.state).length },
    {
      id: views.videoMails,
      label: 'Video mails',
      pending: videoMails.filter((mail) => !mail.handled_at).length,
    },
    {
      id: views.contacts,
      label: 'Mensajes de contacto',
      pending: contacts.filter((contact) => !contact.handled_at).length,
    },
    {
      id: views.callbacks,
      label: callbackTexts.consoleTitle,
      pending: callbacks.filter((callback) => !callback.handled_at).length,
    },
    ...(canSupervise ? [{ id: views.supervision, label: reportTexts.supervisionTab }] : []),
    // Reports: supervisors and administrators (decision 048); the routes say the same.
    ...(canSupervise ? [{ id: views.reports, label: reportTexts.reportsTab }] : []),
    ...(isAdmin
      ? [
          { id: views.settings, label: 'Configuración' },
          { id: views.team, label: teamTexts.tab },
          { id: views.audit, label: auditTexts.tab },
          { id: views.dataRequests, label: dataRequestConsoleTexts.tab },
          { id: views.retention, label: retentionConsoleTexts.tab },
          { id: views.draw, label: promoTexts.consoleTab },
        ]
      : []),
  ];

  return (
    <PageFrame
      aside={<ConnectionIndicator connection={connection} />}
      wide={view === views.supervision || view === views.reports}
    >
      {settings && (
        <p className={styles.company}>
          {settings.name} · {staffTexts.roles[settings.role]}
        </p>
      )}
      <AvailabilityControl enabled={isMember} connection={connection} inCall={inLiveCall} />
      {offer && !inLiveCall && (
        <OfferBar
          call={offer}
          now={now}
          accepting={operatorCall.state.step === 'starting' && operatorCall.state.callId === offer.id}
          onAccept={() => {
            setSearchParams({ vista: views.calls }, { replace: true });
            void operatorCall.accept(offer);
          }}
          onDecline={() => declineOffer.mutate(offer.id)}
        />
      )}
      <NewItemNotice announcement={announcement} />
      <NewItemNotice announcement={callQueue.announcement} />
      <ConsoleTabs
        tabs={tabs}
        selected={view}
        label="Secciones de la consola"
        onSelect={(next) => setSearchParams({ vista: next }, { replace: true })}
      >
        {/* Always mounted: a call goes on (and is heard) while the operator looks at another tab. */}
        <ConsoleTabPanel
          value={views.calls}
          className={styles.panel}
          alwaysMounted
          selected={view === views.calls}
        >
          <CallsPanel
            queue={callQueue}
            operatorCall={operatorCall}
            visible={view === views.calls}
            pendingCallbacks={callbacks.filter((callback) => !callback.handled_at)}
            canHold={canHold}
            ownUserId={availability.data?.availability.user_id ?? null}
          />
        </ConsoleTabPanel>
        <ConsoleTabPanel value={views.videoMails} className={styles.panel}>
          <InboxSection
            {...inboxTexts.videoMails}
            items={videoMails}
            renderItem={(mail, _index, keepInView) => (
              <VideoMailCard mail={mail} keepInView={keepInView} canHold={canHold} />
            )}
          />
        </ConsoleTabPanel>
        <ConsoleTabPanel value={views.contacts} className={styles.panel}>
          <InboxSection
            items={contacts}
            {...inboxTexts.contacts}
            renderItem={(contact, _index, keepInView) => (
              <ContactCard contact={contact} keepInView={keepInView} canHold={canHold} />
            )}
          />
        </ConsoleTabPanel>
        <ConsoleTabPanel value={views.callbacks} className={styles.panel}>
          <InboxSection
            items={callbacks}
            {...inboxTexts.callbacks}
            renderItem={(callback, _index, keepInView) => (
              <CallbackCard callback={callback} keepInView={keepInView} />
            )}
          />
        </ConsoleTabPanel>
        {canSupervise && (
          <ConsoleTabPanel value={views.supervision} className={styles.panel}>
            <SupervisionPanel socket={socket} />
          </ConsoleTabPanel>
        )}
        {canSupervise && (
          <ConsoleTabPanel value={views.reports} className={styles.panel}>
            <ReportsPanel canEditTargets={isAdmin} />
          </ConsoleTabPanel>
        )}
        {isAdmin && settings && (
          <ConsoleTabPanel value={views.settings} className={styles.panel}>
            <SettingsPanel company={settings} />
          </ConsoleTabPanel>
        )}
        {isAdmin && settings && (
          <ConsoleTabPanel value={views.team} className={styles.panel}>
            <TeamPanel company={settings} />
          </ConsoleTabPanel>
        )}
        {isAdmin && (
          <ConsoleTabPanel value={views.audit} className={styles.panel}>
            <AuditPanel />
          </ConsoleTabPanel>
        )}
        {isAdmin && (
          <ConsoleTabPanel value={views.dataRequests} className={styles.panel}>
            <DataRequestsPanel />
          </ConsoleTabPanel>
        )}
        {isAdmin && (
          <ConsoleTabPanel value={views.retention} className={styles.panel}>
            <RetentionPanel />
          </ConsoleTabPanel>
        )}
        {isAdmin && (
          <ConsoleTabPanel value={views.draw} className={styles.panel}>
            <DrawPanel />
          </ConsoleTabPanel>
        )}
      </ConsoleTabs>
    </PageFrame>
  );
}
