import { useState } from 'react';
import type { CameraSharing } from '@seguridad/contracts/http/settings';
import { Switch } from '../../../shared/ui/switch';
import { useUserSettings } from '../api/get-user-settings';
import { useUpdateCameraSharing } from '../api/update-camera-sharing';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import styles from '../settings-page.module.css';
import { SectionStatus } from './section-status';

type CameraSharingPanelProps = { onSaved: (message: string) => void; onFailure: () => void };

/** Spec §6: the principal user decides who sees the cameras; nobody until they do. */
export function CameraSharingPanel({ onSaved, onFailure }: CameraSharingPanelProps) {
  const settings = useUserSettings();
  const update = useUpdateCameraSharing();
  // Set in the click itself, so the switch shows the new position at once and keeps it until
  // the settings have been read again (the mutation's own state reaches React a task later).
  const [saving, setSaving] = useState<CameraSharing | null>(null);
  const shown = saving ?? settings.data?.camera_sharing;

  async function change(next: CameraSharing) {
    if (saving) return;
    setSaving(next);
    try {
      const answer = await update.mutateAsync(next);
      onSaved(answer.message);
    } catch {
      onFailure();
    } finally {
      setSaving(null);
    }
  }

  return (
    <section className={styles.block} aria-labelledby="cameras-title">
      <h3 id="cameras-title" className={styles.blockTitle}>
        {t.camerasTitle}
      </h3>
      <p className={styles.hint}>{t.camerasLead}</p>
      {!shown ? (
        <SectionStatus failed={settings.isError} />
      ) : (
        <>
          <Switch
            label={t.shareWithNetwork}
            checked={shown.share_with_network}
            aria-busy={saving !== null || undefined}
            onChange={(event) => void change({ ...shown, share_with_network: event.target.checked })}
          />
          <Switch
            label={t.shareWithOperators}
            checked={shown.share_with_operators}
            aria-busy={saving !== null || undefined}
            onChange={(event) => void change({ ...shown, share_with_operators: event.target.checked })}
          />
        </>
      )}
    </section>
  );
}
