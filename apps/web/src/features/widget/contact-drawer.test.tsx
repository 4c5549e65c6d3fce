import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callTexts, widgetTexts } from '@seguridad/contracts/messages';
import { ContactDrawer, type ContactDrawerProps, type VideoCallPanelControls } from './contact-drawer';

/** A stand-in for the call feature's panel: buttons that use the controls the drawer gives it. */
function FakeCallPanel({ controls }: { controls: VideoCallPanelControls }) {
  return (
    <div>
      <p>{controls.active ? 'Panel activo' : 'Panel inactivo'}</p>
      <button type="button" onClick={() => controls.fallBackToVideoMail('No hay operadoras disponibles.')}>
        Simular falla
      </button>
      <button type="button" onClick={() => controls.setFullScreen(true)}>
        Simular llamada
      </button>
      <button type="button" onClick={() => controls.finish()}>
        Simular fin
      </button>
    </div>
  );
}

function renderDrawer(props: Partial<ContactDrawerProps> = {}) {
  // The service status request fails in jsdom (no server): entries then depend on the props only.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return render(
    <ContactDrawer renderVideoCallPanel={(controls) => <FakeCallPanel controls={controls} />} {...props} />,
    { wrapper },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContactDrawer with a video call panel', () => {
  it('offers Videollamada to an invited person even without the service, and not otherwise', () => {
    const { unmount } = renderDrawer();
    expect(screen.queryByRole('button', { name: /Videollamada/ })).toBeNull();
    unmount();
    renderDrawer({ videoCallInvited: true });
    expect(screen.getByRole('button', { name: /Videollamada/ })).toBeTruthy();
  });

  it('opens the requested panel, and again for each new request', () => {
    const { rerender } = renderDrawer({ panelRequest: { panel: 'videoCall', id: 1 } });
    expect(screen.getByRole('dialog', { name: 'Videollamada' })).toBeTruthy();
    expect(screen.getByText('Panel activo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.getByRole('dialog', { name: 'Contáctanos' })).toBeTruthy();
    rerender(
      <ContactDrawer
        renderVideoCallPanel={(controls) => <FakeCallPanel controls={controls} />}
        panelRequest={{ panel: 'videoCall', id: 2 }}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Videollamada' })).toBeTruthy();
  });

  it('falls back to the video mail with the reason above the form', async () => {
    // A browser that records WebM (jsdom has no MediaRecorder of its own).
    vi.stubGlobal(
      'MediaRecorder',
      Object.assign(function MediaRecorder() {}, { isTypeSupported: () => true }),
    );
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: vi.fn() },
      configurable: true,
    });
    renderDrawer({ panelRequest: { panel: 'videoCall', id: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular falla' }));
    const videoMail = screen.getByRole('dialog', { name: 'Video Mail' });
    expect(within(videoMail).getByRole('alert').textContent).toContain('No hay operadoras disponibles.');
    // The video mail's form loads on demand.
    expect(
      await within(videoMail).findByRole('button', { name: 'Grabar nuevo video' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('offers the contact form instead of recording in a browser that cannot record (decision 037)', async () => {
    renderDrawer({ panelRequest: { panel: 'videoCall', id: 1 } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular falla' }));
    const videoMail = screen.getByRole('dialog', { name: 'Video Mail' });
    expect(
      await within(videoMail).findByText(widgetTexts.cannotRecord, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(within(videoMail).queryByRole('button', { name: 'Grabar nuevo video' })).toBeNull();
    fireEvent.click(within(videoMail).getByRole('button', { name: callTexts.writeContactForm }));
    expect(screen.getByRole('dialog', { name: 'Contacto' })).toBeTruthy();
  });

  it('cannot be closed from the keyboard during a call, and hides its header', () => {
    const onClose = vi.fn();
    const onFullScreenChange = vi.fn();
    renderDrawer({ panelRequest: { panel: 'videoCall', id: 1 }, onClose, onFullScreenChange });
    fireEvent.click(screen.getByRole('button', { name: 'Simular llamada' }));
    expect(onFullScreenChange).toHaveBeenLastCalledWith(true);
    expect(screen.queryByRole('button', { name: 'Volver' })).toBeNull();
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Simular fin' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onFullScreenChange).toHaveBeenLastCalledWith(false);
  });

  it('closes on Escape outside a call', () => {
    const onClose = vi.fn();
    renderDrawer({ panelRequest: { panel: 'videoCall', id: 1 }, onClose });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
