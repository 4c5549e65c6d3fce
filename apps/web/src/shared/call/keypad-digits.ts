import { DTMF_DIGITS_MAX, DTMF_DIGITS_PATTERN } from '@seguridad/contracts/realtime/call';
import type { CallContext } from './call-types';

/** How many of the last keys both sides keep on screen. */
export const KEYPAD_DIGITS_SHOWN = 64;
/** RTCDTMFSender's tone length and gap, in ms (its defaults: 100 and 70). */
const TONE_MS = 100;
const GAP_MS = 70;

type DtmfCapableSender = Pick<RTCRtpSender, 'dtmf'>;

export type KeypadDigitsOptions = {
  /** The sender of this side's microphone on the live connection, if there is one. */
  audioSender: () => DtmfCapableSender | null;
};

/**
 * The keys a caller presses during a phone call (decision 018). Each key goes twice: as a DTMF tone
 * on the audio (RTCDTMFSender, what a telephone network would hear) and as a `dtmf` signaling
 * message, because a browser on the other end cannot decode tones out of WebRTC audio. The operator
 * receives the message and both sides keep the last keys in the snapshot (`digits`).
 */
export class KeypadDigits {
  constructor(
    private readonly context: CallContext,
    private readonly options: KeypadDigitsOptions,
  ) {}

  /** Caller: sends the keys that are DTMF keys (0-9, *, #); anything else is dropped. */
  send(keys: string): void {
    const digits = [...keys].filter((key) => DTMF_DIGITS_PATTERN.test(key)).join('');
    if (digits.length === 0 || this.context.side !== 'caller') return;
    const dtmf = this.options.audioSender()?.dtmf;
    // Tones queue behind those still playing; a sender that cannot play them (no audio yet) skips.
    if (dtmf?.canInsertDTMF) dtmf.insertDTMF(dtmf.toneBuffer + digits, TONE_MS, GAP_MS);
    for (let start = 0; start < digits.length; start += DTMF_DIGITS_MAX) {
      this.context.sendSignal({
        id: 'dtmf',
        roomName: this.context.room,
        digits: digits.slice(start, start + DTMF_DIGITS_MAX),
      });
    }
    this.append(digits);
  }

  /** Operator: the caller pressed these keys (the message was parsed by the session). */
  receive(digits: string): void {
    if (this.context.side !== 'answerer') return;
    this.append(digits);
  }

  private append(digits: string): void {
    const current = this.context.store.get().digits;
    this.context.store.update({ digits: (current + digits).slice(-KEYPAD_DIGITS_SHOWN) });
  }
}
