import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callbackTexts, phoneCallTexts } from '@seguridad/contracts/messages';
import { PhoneCallPanel, type PhoneCallPanelHost } from './phone-call-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function host(overrides: Partial<PhoneCallPanelHost> = {}): PhoneCallPanelHost {
  return {
    active: true,
    liveCallOffered: true,
    callBackOffered: true,
    requestCallback: vi.fn(),
    finish: vi.fn(),
    ...overrides,
  };
}

describe('the phone-call panel, ready (state 1)', () => {
  it('offers Llamar and, with callbacks on, Solicitar llamada', () => {
    const controls = host();
    render(<PhoneCallPanel host={controls} />);
    expect(screen.getByRole('button', { name: phoneCallTexts.call })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: callbackTexts.request }));
    expect(controls.requestCallback).toHaveBeenCalledWith(null);
  });

  it('offers only the callback when no live call can be made', () => {
    render(<PhoneCallPanel host={host({ liveCallOffered: false })} />);
    expect(screen.queryByRole('button', { name: phoneCallTexts.call })).toBeNull();
    expect(screen.getByText(phoneCallTexts.serviceOff)).toBeTruthy();
    expect(screen.getByRole('button', { name: callbackTexts.request })).toHaveProperty('disabled', false);
  });

  it('says at once that a browser without WebRTC cannot call, and offers the callback (decision 037)', () => {
    const controls = host();
    render(<PhoneCallPanel host={controls} />);
    fireEvent.click(screen.getByRole('button', { name: phoneCallTexts.call }));
    expect(screen.getByText(phoneCallTexts.cannotCall)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: callbackTexts.request }));
    expect(controls.requestCallback).toHaveBeenCalledWith(phoneCallTexts.cannotCall);
  });

  it('says why when the microphone cannot be used, and stays ready', async () => {
    vi.stubGlobal('RTCPeerConnection', function RTCPeerConnection() {});
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    render(<PhoneCallPanel host={host({ callBackOffered: false })} />);
    fireEvent.click(screen.getByRole('button', { name: phoneCallTexts.call }));
    expect(await screen.findByText(phoneCallTexts.microphoneFailed)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true, video: false });
    expect(screen.getByRole('button', { name: phoneCallTexts.call })).toHaveProperty('disabled', false);
  });
});
