import { useId, useState } from 'react';
import type { UpdateCompanySettingsBody } from '@seguridad/contracts/http/operator';
import { Switch } from '../../../shared/ui/switch';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

type ServiceField = 'video_call' | 'video_mail' | 'call_back';

const services: { field: ServiceField; label: string; description: string; on: string; off: string }[] = [
  {
    field: 'video_call',
    label: 'Videollamada',
    description: 'Los visitantes pueden iniciar una videollamada con la central.',
    on: 'Videollamada activada.',
    off: 'Videollamada desactivada.',
  },
  {
    field: 'video_mail',
    label: 'Video Mail',
    description: 'Los visitantes pueden dejar un video grabado con su mensaje.',
    on: 'Video Mail activado.',
    off: 'Video Mail desactivado.',
  },
  {
    field: 'call_back',
    label: 'Llamada',
    description: 'Los visitantes pueden pedir que la central los llame; solo dentro del horario de atención.',
    on: 'Llamada activada.',
    off: 'Llamada desactivada.',
  },
];

type CompanySettings = CompanySettingsResponse['company'];

/** The services the widget offers; each switch saves at once. */
export function ServicesSettings({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  const update = useUpdateCompanySettings();
  // The switch moves at once (set in the same event as the click); it goes back if the save fails.
  const [saving, setSaving] = useState<UpdateCompanySettingsBody | null>(null);

  function save(service: (typeof services)[number], enabled: boolean) {
    setSaving({ [service.field]: enabled });
    update.mutate(
      { [service.field]: enabled },
      {
        onSuccess: () => notify({ tone: 'success', text: enabled ? service.on : service.off }),
        onError: (error) => notify(failureNotice(`No se pudo cambiar ${service.label}`, error)),
        onSettled: () => setSaving(null),
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        Servicios del widget
      </h3>
      <p className={styles.lead}>
        Lo que el widget ofrece a los visitantes de tu sitio. Cada cambio se guarda al instante.
      </p>
      {services.map((service) => {
        const savingValue = saving?.[service.field];
        return (
          <Switch
            key={service.field}
            label={service.label}
            description={service.description}
            checked={savingValue ?? company[service.field]}
            aria-busy={savingValue !== undefined || undefined}
            // Not disabled while saving: that would take the keyboard focus away from the switch.
            onChange={(event) => {
              if (!saving) save(service, event.target.checked);
            }}
          />
        );
      })}
    </section>
  );
}
