import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useRedirectToLogin, useRequireSession } from '../../shared/auth/require-session';
import { useSessionToken } from '../../shared/auth/use-session-token';
import { useUserSettings } from './api/get-user-settings';
import { AccountSection } from './components/account-section';
import { DevicesSection } from './components/devices-section';
import { MyDataSection } from './components/my-data-section';
import { SecuritySection } from './components/security-section';
import { SettingsMenu } from './components/settings-menu';
import { TwoFactorBanner } from './components/two-factor-banner';
import { TwoFactorSection } from './components/two-factor-section';
import { LeavingOnPurposeContext } from './leaving-context';
import { sectionForPath, type SettingsSectionId } from './settings-sections';
import { settingsUiTexts } from '@seguridad/contracts/messages/settings-ui';
import styles from './settings-page.module.css';

type SettingsPageProps = {
  /** The "Redes de Seguridad" section, from the networks feature (the app layer composes both). */
  networksSection: ReactNode;
  /** Ends the session the way the header's Salir does. */
  onSignOut: () => Promise<void>;
};

/** `/configuracion` and its sections (spec §2 Settings): a side menu and the open section. */
export function SettingsPage({ networksSection, onSignOut }: SettingsPageProps) {
  const hasSession = useRequireSession();
  const { pathname } = useLocation();
  const section = sectionForPath(pathname);
  const [signingOut, setSigningOut] = useState(false);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const openedSection = useRef<SettingsSectionId | null>(null);
  const token = useSessionToken();
  const redirectToLogin = useRedirectToLogin();
  const leavingOnPurpose = useRef(false);
  const leaveOnPurpose = useCallback(() => {
    leavingOnPurpose.current = true;
  }, []);

  // A call answered 401 (the session was closed from elsewhere): log in again, then come back here.
  useEffect(() => {
    if (hasSession && !token && !leavingOnPurpose.current) redirectToLogin();
  }, [hasSession, token, redirectToLogin]);

  // After a change of section (not on arrival), focus its title so a screen reader reads where it is.
  useEffect(() => {
    if (!hasSession) return;
    if (openedSection.current !== null && openedSection.current !== section.id) {
      contentRef.current?.querySelector<HTMLElement>('h2')?.focus();
    }
    openedSection.current = section.id;
  }, [hasSession, section.id]);

  if (!hasSession) {
    return <div className="page-loading" aria-busy="true" />;
  }

  const sections: Record<SettingsSectionId, ReactNode> = {
    account: <AccountSection />,
    devices: <DevicesSection />,
    networks: networksSection,
    security: <SecuritySection />,
    twoFactor: <TwoFactorSection />,
    myData: <MyDataSection />,
  };

  return (
    <LeavingOnPurposeContext value={leaveOnPurpose}>
      <div className={styles.page}>
        <div className={styles.inner}>
          <h1 className={styles.pageTitle}>{settingsUiTexts.pageTitle}</h1>
          <PendingTwoFactorBanner hidden={section.id === 'twoFactor'} />
          <div className={styles.layout}>
            <SettingsMenu
              current={section}
              signingOut={signingOut}
              onSignOut={() => {
                leaveOnPurpose();
                setSigningOut(true);
                void onSignOut();
              }}
            />
            <div ref={contentRef} className={styles.content}>
              {sections[section.id]}
            </div>
          </div>
        </div>
      </div>
    </LeavingOnPurposeContext>
  );
}

function PendingTwoFactorBanner({ hidden }: { hidden: boolean }) {
  const settings = useUserSettings();
  if (hidden || !settings.data?.two_factor_pending) return null;
  return <TwoFactorBanner />;
}
