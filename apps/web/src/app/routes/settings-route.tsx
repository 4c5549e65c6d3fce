import { NetworksSection } from '../../features/networks/networks-section';
import { SettingsPage } from '../../features/settings/settings-page';
import { signOut } from '../layout/account-controls';

/** `/configuracion`: the settings feature, with the networks feature's section mounted in it. */
export function SettingsRoute() {
  return <SettingsPage networksSection={<NetworksSection />} onSignOut={signOut} />;
}
