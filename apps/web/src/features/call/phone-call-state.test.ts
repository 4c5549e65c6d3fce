import { describe, expect, it } from 'vitest';
import {
  addedDigits,
  isKeypadDigit,
  keypadDigitsOf,
  PHONE_CALL_STATE,
  phoneCallState,
} from './phone-call-state';

const base = { step: 'setup' as const, phase: null, hungUp: false, preparing: false };

describe('the phone-call panel state (spec §4: 1 ready, 0 in progress, 3 finished)', () => {
  it('is ready before Llamar', () => {
    expect(phoneCallState(base)).toBe(1);
    expect(PHONE_CALL_STATE.ready).toBe(1);
  });

  it('is in progress while preparing, starting, waiting and connected', () => {
    expect(phoneCallState({ ...base, preparing: true })).toBe(0);
    expect(phoneCallState({ ...base, step: 'starting' })).toBe(0);
    for (const phase of ['idle', 'joining', 'waiting', 'connecting', 'connected'] as const) {
      expect(phoneCallState({ ...base, step: 'inCall', phase })).toBe(PHONE_CALL_STATE.inProgress);
    }
  });

  it('is finished when the call ended or failed, or after Terminar', () => {
    expect(phoneCallState({ ...base, step: 'inCall', phase: 'ended' })).toBe(3);
    expect(phoneCallState({ ...base, step: 'inCall', phase: 'failed' })).toBe(3);
    // Terminar moves the call back to setup at once; the panel still shows the end.
    expect(phoneCallState({ ...base, hungUp: true })).toBe(PHONE_CALL_STATE.finished);
  });
});

describe('the keypad takes digit keystrokes only', () => {
  it('accepts 0–9 one by one and nothing else', () => {
    for (const key of '0123456789') expect(isKeypadDigit(key)).toBe(true);
    for (const key of ['a', '*', '#', ' ', '+', '-', 'Enter', 'Backspace', '١', '１', '12', '']) {
      expect(isKeypadDigit(key)).toBe(false);
    }
  });

  it('keeps the digits of a paste, dropping everything else', () => {
    expect(keypadDigitsOf('+56 9 1234-5678#*abc')).toBe('56912345678');
    expect(keypadDigitsOf('hola')).toBe('');
  });

  it('sends only what a change of the field added after the digits already sent', () => {
    expect(addedDigits('12', '123')).toBe('3');
    expect(addedDigits('12', '12a')).toBe('');
    expect(addedDigits('12', '12 4-5')).toBe('45');
    // A deletion or an edit in the middle adds nothing: sent keys cannot be unsent.
    expect(addedDigits('123', '12')).toBe('');
    expect(addedDigits('123', '1923')).toBe('');
  });
});
