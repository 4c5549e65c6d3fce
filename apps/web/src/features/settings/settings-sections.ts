import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { settingsTexts } from '@seguridad/contracts/messages';

export type SettingsSectionId = 'account' | 'devices' | 'networks' | 'security' | 'twoFactor' | 'myData';

export type SettingsSection = {
  id: SettingsSectionId;
  path: string;
  /** The title of the section (spec §2). */
  title: string;
  /** The side menu's label, for the sections the menu lists. */
  menuLabel?: string;
  /** The menu entry marked current while this section is open. */
  menuEntry: SettingsSectionId;
};

/** The sections in the spec's order; two-step setup opens from the banner and from security. */
export const settingsSections: readonly SettingsSection[] = [
  {
    id: 'account',
    path: settingsSectionPaths.account,
    title: settingsTexts.accountTitle,
    menuLabel: settingsTexts.menuAccount,
    menuEntry: 'account',
  },
  {
    id: 'devices',
    path: settingsSectionPaths.devices,
    title: settingsTexts.devicesTitle,
    menuLabel: settingsTexts.menuDevices,
    menuEntry: 'devices',
  },
  {
    id: 'networks',
    path: settingsSectionPaths.networks,
    title: settingsTexts.networksTitle,
    menuLabel: settingsTexts.menuNetworks,
    menuEntry: 'networks',
  },
  {
    id: 'security',
    path: settingsSectionPaths.security,
    title: settingsTexts.securityTitle,
    menuLabel: settingsTexts.menuSecurity,
    menuEntry: 'security',
  },
  {
    id: 'myData',
    path: settingsSectionPaths.myData,
    title: settingsTexts.myDataTitle,
    menuLabel: settingsTexts.menuMyData,
    menuEntry: 'myData',
  },
  {
    id: 'twoFactor',
    path: settingsSectionPaths.twoFactor,
    title: settingsTexts.twoFactorTitle,
    menuEntry: 'security',
  },
];

/** The section a path opens: `/configuracion` alone (or an unknown tail) opens the account. */
export function sectionForPath(pathname: string): SettingsSection {
  const trimmed = pathname.replace(/\/+$/, '') || webPaths.home;
  return settingsSections.find((section) => section.path === trimmed) ?? settingsSections[0]!;
}
