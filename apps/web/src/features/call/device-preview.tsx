import { useEffect, useRef } from 'react';
import { callTexts, widgetTexts } from '@seguridad/contracts/messages';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import type { DeviceCheckSnapshot, DeviceOption } from './device-check';
import styles from './video-call-panel.module.css';
import { LivePreview } from '../../shared/media/live-preview';
import { SelectField } from '../../shared/ui/select-field';

type DevicePreviewProps = {
  devices: DeviceCheckSnapshot;
  onRetry: () => void;
  onSelectCamera: (deviceId: string) => void;
  onSelectMicrophone: (deviceId: string) => void;
};

function DeviceSelect(props: {
  label: string;
  options: readonly DeviceOption[];
  value: string;
  disabled: boolean;
  onChange: (deviceId: string) => void;
}) {
  // Before permission the browser names no devices and gives no ids: nothing to choose yet.
  if (props.options.length === 0) return null;
  const known = props.options.some((option) => option.id === props.value);
  return (
    <SelectField
      label={props.label}
      className={styles.select}
      value={known ? props.value : ''}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {!known && <option value="">{callTexts.defaultDevice}</option>}
      {props.options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The camera and microphone check before a call: a live preview, the device choice once the
 * browser allowed them, and the camera failure with Reintentar (the call needs a working camera).
 */
export function DevicePreview({ devices, onRetry, onSelectCamera, onSelectMicrophone }: DevicePreviewProps) {
  const { state } = devices;
  const alertRef = useRef<HTMLDivElement>(null);
  const failed = state.status === 'failed';

  // The failure takes focus, so a keyboard or screen reader user lands on the reason and Reintentar.
  useEffect(() => {
    if (failed) alertRef.current?.focus();
  }, [failed]);

  return (
    <>
      <div className={styles.stage}>
        {state.status === 'ready' ? (
          <LivePreview stream={state.stream} className={`${styles.video} ${styles.mirrored}`} />
        ) : (
          <div className={styles.video} />
        )}
      </div>
      <p className={styles.deviceStatus} role="status">
        {state.status === 'opening' && 'Activando tu cámara y tu micrófono…'}
        {state.status === 'ready' && 'Tu cámara y tu micrófono están listos.'}
      </p>
      {failed && (
        <Alert
          tone="error"
          focusable
          ref={alertRef}
          className={styles.notice}
          title={<span lang="en">{widgetTexts.cameraFailure}</span>}
        >
          <p className={styles.noticeText}>{widgetTexts.cameraFailureHelp}</p>
          <Button variant="secondary" onClick={onRetry}>
            {callTexts.retry}
          </Button>
        </Alert>
      )}
      <div className={styles.devices}>
        <DeviceSelect
          label="Cámara"
          options={devices.cameras}
          value={devices.cameraId}
          disabled={state.status === 'opening'}
          onChange={onSelectCamera}
        />
        <DeviceSelect
          label="Micrófono"
          options={devices.microphones}
          value={devices.microphoneId}
          disabled={state.status === 'opening'}
          onChange={onSelectMicrophone}
        />
      </div>
    </>
  );
}
