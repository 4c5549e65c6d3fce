import { VERIFICATION_TYPE } from '@seguridad/contracts/constants';
import styles from './choice-options.module.css';

export type VerificationChannel = (typeof VERIFICATION_TYPE)[keyof typeof VERIFICATION_TYPE];

const channels = [
  { type: VERIFICATION_TYPE.sms, label: 'SMS' },
  { type: VERIFICATION_TYPE.whatsapp, label: 'WhatsApp' },
] as const;

type ChannelChoiceProps = {
  legend: string;
  /** The form field the choice is bound to (react-hook-form's controller field fits). */
  field: {
    name: string;
    value: VerificationChannel;
    onChange: (channel: VerificationChannel) => void;
    onBlur: () => void;
  };
};

/** How a verification code is sent: by SMS or by WhatsApp, as two radio options. */
export function ChannelChoice({ legend, field }: ChannelChoiceProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {channels.map((channel) => (
          <label key={channel.type} className={styles.option}>
            <input
              type="radio"
              name={field.name}
              value={channel.type}
              checked={field.value === channel.type}
              onChange={() => field.onChange(channel.type)}
              onBlur={field.onBlur}
            />
            {channel.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
