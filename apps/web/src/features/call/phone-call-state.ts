import type { CallPhase } from '../../shared/call/call-state';
import type { CallerCall } from './use-caller-call';

/**
 * The phone-call panel's states as spec §4 numbers them: 1 ready (Llamar), 0 in progress
 * (Terminar and the keypad), 3 finished ('Fin de la llamada').
 *
 *   1 ready ──Llamar──▶ 0 in progress ──Terminar / the operator hangs up / refused──▶ 3 finished
 *     ▲                                                                                   │
 *     └───────────────────────────────── Cerrar ─────────────────────────────────────────┘
 *
 * A call that could not even start (no operator, no microphone) goes back to 1 with a sentence.
 */
export const PHONE_CALL_STATE = { ready: 1, inProgress: 0, finished: 3 } as const;
export type PhoneCallState = (typeof PHONE_CALL_STATE)[keyof typeof PHONE_CALL_STATE];

export function phoneCallState(input: {
  step: CallerCall['step'];
  /** The session's phase while in the call. */
  phase: CallPhase['status'] | null;
  /** The caller pressed Terminar and has not closed the end yet. */
  hungUp: boolean;
  /** Asking for the microphone and the voice token, before the call exists. */
  preparing: boolean;
}): PhoneCallState {
  if (input.hungUp) return PHONE_CALL_STATE.finished;
  if (input.step === 'inCall') {
    return input.phase === 'ended' || input.phase === 'failed'
      ? PHONE_CALL_STATE.finished
      : PHONE_CALL_STATE.inProgress;
  }
  if (input.step === 'starting' || input.preparing) return PHONE_CALL_STATE.inProgress;
  return PHONE_CALL_STATE.ready;
}

/** The keys the panel takes (spec §2: only digit keystrokes): 0–9, one by one. */
export function isKeypadDigit(key: string): boolean {
  return /^[0-9]$/.test(key);
}

/** The digits of whatever was typed or pasted; every other character is dropped. */
export function keypadDigitsOf(text: string): string {
  return [...text].filter(isKeypadDigit).join('');
}

/**
 * What a change of the number field added, as digits: the field shows the digits sent so far, so
 * only what comes after them is new (a deletion or an edit in the middle adds nothing).
 */
export function addedDigits(shown: string, next: string): string {
  return next.startsWith(shown) ? keypadDigitsOf(next.slice(shown.length)) : '';
}
