import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaControls } from './media-controls';

afterEach(cleanup);

describe('the media controls', () => {
  it('says what each toggle does next and reports the new state', () => {
    const onMicrophoneChange = vi.fn();
    const onCameraChange = vi.fn();
    const { rerender } = render(
      <MediaControls
        microphoneEnabled
        cameraEnabled
        onMicrophoneChange={onMicrophoneChange}
        onCameraChange={onCameraChange}
      />,
    );
    const mute = screen.getByRole('button', { name: 'Silenciar micrófono' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mute);
    fireEvent.click(screen.getByRole('button', { name: 'Apagar cámara' }));
    expect(onMicrophoneChange).toHaveBeenCalledWith(false);
    expect(onCameraChange).toHaveBeenCalledWith(false);

    rerender(
      <MediaControls
        microphoneEnabled={false}
        cameraEnabled={false}
        onMicrophoneChange={onMicrophoneChange}
        onCameraChange={onCameraChange}
      />,
    );
    const unmute = screen.getByRole('button', { name: 'Activar micrófono' });
    expect(unmute.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(unmute);
    fireEvent.click(screen.getByRole('button', { name: 'Encender cámara' }));
    expect(onMicrophoneChange).toHaveBeenLastCalledWith(true);
    expect(onCameraChange).toHaveBeenLastCalledWith(true);
  });

  it('disables a toggle for a device that is not there', () => {
    render(
      <MediaControls
        microphoneEnabled
        cameraEnabled
        cameraAvailable={false}
        onMicrophoneChange={() => undefined}
        onCameraChange={() => undefined}
      />,
    );
    expect((screen.getByRole('button', { name: 'Apagar cámara' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
