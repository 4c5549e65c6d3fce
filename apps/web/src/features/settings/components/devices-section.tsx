import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { SettingsDevice } from '@seguridad/contracts/http/settings';
import { settingsTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { clearSessionToken } from '../../../shared/api/session-token';
import { Snackbar } from '../../../shared/ui/snackbar';
import { Switch } from '../../../shared/ui/switch';
import { useDeleteDevice } from '../api/delete-device';
import { useDevices } from '../api/get-devices';
import { useUpdateDeviceConfig, type DeviceConfigUpdate } from '../api/update-device-config';
import { formatDateTime } from '../format-date';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import { useLeaveOnPurpose } from '../leaving-context';
import { useNotice } from '../use-notice';
import styles from '../settings-page.module.css';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { SectionFrame } from './section-frame';
import { SectionStatus } from './section-status';
import { TrashIcon } from './icons';

/** Spec §2 Devices: a card per device with its details, the panel switch and removal. */
export function DevicesSection() {
  const devices = useDevices();
  const updateConfig = useUpdateDeviceConfig();
  const deleteDevice = useDeleteDevice();
  const navigate = useNavigate();
  const { notice, show, clear } = useNotice();
  const [removing, setRemoving] = useState<SettingsDevice | null>(null);
  // Set in the click itself, so the switch shows the new position at once and keeps it until
  // the list has been read again (the mutation's own state reaches React a task later).
  const [saving, setSaving] = useState<DeviceConfigUpdate | null>(null);
  const leaveOnPurpose = useLeaveOnPurpose();

  async function toggle(device: SettingsDevice, fixedToPanel: boolean) {
    if (saving) return;
    const change = { device_id: device.id, fixed_to_panel: fixedToPanel };
    setSaving(change);
    try {
      await updateConfig.mutateAsync(change);
    } catch {
      show('error', settingsTexts.failure);
    } finally {
      setSaving(null);
    }
  }

  async function remove(device: SettingsDevice) {
    if (device.current) leaveOnPurpose();
    try {
      const answer = await deleteDevice.mutateAsync(device.id);
      setRemoving(null);
      if (device.current) {
        clearSessionToken();
        await navigate(webPaths.login, { replace: true });
        return;
      }
      show('success', answer.message);
    } catch {
      setRemoving(null);
      show('error', settingsTexts.failure);
    }
  }

  const list = devices.data?.devices;
  return (
    <SectionFrame title={settingsTexts.devicesTitle} lead={t.devicesLead}>
      {!list ? (
        <SectionStatus failed={devices.isError} />
      ) : list.length === 0 ? (
        <p>{t.devicesEmpty}</p>
      ) : (
        <ul className={styles.cards}>
          {list.map((device) => {
            const name = device.name ?? t.deviceUnnamed;
            const pending = saving?.device_id === device.id;
            const checked = pending ? saving.fixed_to_panel : device.config.fixed_to_panel;
            return (
              <li key={device.id} className={styles.card}>
                <div className={styles.cardHeader}>
                  <h3 className={styles.cardTitle}>
                    {name}
                    {device.current && <span className={styles.badge}>{t.thisDevice}</span>}
                  </h3>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={`${t.deleteDevice}: ${name}`}
                    onClick={() => setRemoving(device)}
                  >
                    <TrashIcon />
                  </button>
                </div>
                <dl className={styles.details}>
                  <Detail label={t.brand} value={device.brand} />
                  <Detail label={t.model} value={device.model} />
                  <Detail label={t.system} value={device.system} />
                  <Detail label={t.systemVersion} value={device.system_version} />
                  <Detail label={t.lastSeen} value={formatDateTime(device.last_seen_at)} />
                </dl>
                <Switch
                  label={settingsTexts.fixedToPanel}
                  checked={checked}
                  // Not disabled while saving: that would take the keyboard focus away from the switch.
                  aria-busy={pending || undefined}
                  onChange={(event) => void toggle(device, event.target.checked)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t.deleteDeviceTitle}
        description={removing?.current ? t.deleteCurrentDeviceText : t.deleteDeviceText}
        confirmLabel={t.delete}
        danger
        busy={deleteDevice.isPending}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
      <Snackbar message={notice} onClose={notice?.tone === 'error' ? clear : undefined} />
    </SectionFrame>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div className={styles.detailRow}>
      <dt>{label}</dt>
      <dd>{value ?? t.unknown}</dd>
    </div>
  );
}
