import { afterEach, describe, expect, it } from 'vitest';
import { DTMF_DIGITS_MAX } from '@seguridad/contracts/realtime/call';
import { KeypadDigits, KEYPAD_DIGITS_SHOWN } from './keypad-digits';
import { cleanUpCalls, connectedCaller, connectedOperator, settle } from './testing/call-fixtures';
import { partContext } from './testing/part-context';

afterEach(cleanUpCalls);

function fakeDtmfSender(canInsertDTMF = true) {
  const inserted: { tones: string; duration?: number; gap?: number }[] = [];
  const dtmf = {
    canInsertDTMF,
    toneBuffer: '',
    insertDTMF(tones: string, duration?: number, gap?: number) {
      inserted.push({ tones, duration, gap });
      dtmf.toneBuffer = tones;
    },
  };
  return { sender: { dtmf: dtmf as unknown as RTCDTMFSender }, inserted };
}

describe('KeypadDigits on its own', () => {
  it('plays the keys as DTMF tones, queued behind those still playing, and sends them as a message', () => {
    const { context, socket, store } = partContext({ side: 'caller' });
    const { sender, inserted } = fakeDtmfSender();
    const keypad = new KeypadDigits(context, { audioSender: () => sender });
    keypad.send('12');
    keypad.send('3');
    expect(inserted.map((entry) => entry.tones)).toEqual(['12', '123']);
    expect(inserted[0]).toMatchObject({ duration: 100, gap: 70 });
    expect(socket.signals()).toEqual([
      { id: 'dtmf', roomName: context.room, digits: '12' },
      { id: 'dtmf', roomName: context.room, digits: '3' },
    ]);
    expect(store.get().digits).toBe('123');
  });

  it('drops what is not a keypad key, and splits a long paste into messages the server takes', () => {
    const { context, socket, store } = partContext({ side: 'caller' });
    const keypad = new KeypadDigits(context, { audioSender: () => null });
    keypad.send('ab<>');
    expect(socket.signals()).toEqual([]);
    const long = '1234567890'.repeat(3);
    keypad.send(`${long}x`);
    const sent = socket.signals() as { digits: string }[];
    expect(sent.map((message) => message.digits.length)).toEqual([
      DTMF_DIGITS_MAX,
      long.length - DTMF_DIGITS_MAX,
    ]);
    expect(sent.map((message) => message.digits).join('')).toBe(long);
    expect(store.get().digits).toBe(long);
  });

  it('still sends the message when the sender cannot play tones yet', () => {
    const { context, socket } = partContext({ side: 'caller' });
    const { sender, inserted } = fakeDtmfSender(false);
    new KeypadDigits(context, { audioSender: () => sender }).send('7');
    expect(inserted).toEqual([]);
    expect(socket.signals()).toHaveLength(1);
  });

  it('keeps only the last keys on screen, and the operator sends nothing', () => {
    const { context, store, socket } = partContext({ side: 'answerer' });
    const keypad = new KeypadDigits(context, { audioSender: () => null });
    keypad.send('1');
    expect(socket.signals()).toEqual([]);
    keypad.receive('9'.repeat(KEYPAD_DIGITS_SHOWN));
    keypad.receive('12');
    expect(store.get().digits).toHaveLength(KEYPAD_DIGITS_SHOWN);
    expect(store.get().digits.endsWith('12')).toBe(true);
  });
});

describe('keypad digits through the session', () => {
  it("shows the operator the caller's digits from the dtmf message", async () => {
    const { socket, session } = await connectedOperator();
    socket.message({ id: 'dtmf', from: 'caller:41', digits: '42#' });
    await settle();
    expect(session.getSnapshot().digits).toBe('42#');
    // Not a keypad key: the message does not parse and nothing changes.
    socket.message({ id: 'dtmf', from: 'caller:41', digits: 'x' });
    expect(session.getSnapshot().digits).toBe('42#');
  });

  it('sends digits only from a phone call', async () => {
    const { socket, session } = await connectedCaller();
    session.sendDigits('5');
    expect(socket.signals('dtmf')).toEqual([]);
  });
});
