import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import type { CallSessionSnapshot } from '../call-session';
import type { CallPhase } from '../call-state';
import { CallStage } from './call-stage';

function stream(kinds: string[] = ['audio', 'video']): MediaStream {
  const tracks = kinds.map((kind) => ({ kind }));
  return {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
  } as unknown as MediaStream;
}

function snapshot(phase: CallPhase, overrides: Partial<CallSessionSnapshot> = {}): CallSessionSnapshot {
  return {
    phase,
    self: null,
    localStream: stream(),
    chat: [],
    microphoneEnabled: true,
    cameraEnabled: true,
    localScreenStream: null,
    screenSeenByPeer: false,
    pushedVideo: null,
    digits: '',
    recording: null,
    peerTyping: '',
    ...overrides,
  };
}

function connected(remoteStream: MediaStream | null, reconnecting = false): CallPhase {
  return { status: 'connected', reconnecting, peer: null, remoteStream, screenStream: null };
}

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the call stage', () => {
  it('shows the status over the stage until media flows', () => {
    const { rerender } = render(
      <CallStage
        snapshot={snapshot({ status: 'connecting', peer: null, remoteStream: null, screenStream: null })}
        remoteLabel="Video de la operadora"
        statusText={callTexts.connecting}
      />,
    );
    expect(screen.getByLabelText('Video de la operadora').tagName).toBe('VIDEO');
    expect(screen.getByLabelText('Tu cámara').tagName).toBe('VIDEO');
    expect(screen.getByText(callTexts.connecting)).toBeTruthy();
    rerender(
      <CallStage
        snapshot={snapshot(connected(stream()))}
        remoteLabel="Video de la operadora"
        statusText={callTexts.connected}
      />,
    );
    expect(screen.queryByText(callTexts.connected)).toBeNull();
    expect(screen.queryByText(callTexts.reconnecting)).toBeNull();
  });

  it('says it is reconnecting while the connection is restored', () => {
    render(
      <CallStage
        snapshot={snapshot(connected(stream(), true))}
        remoteLabel="Video del ciudadano"
        statusText={callTexts.connected}
      />,
    );
    expect(screen.getByText(callTexts.reconnecting).getAttribute('role')).toBe('status');
  });

  it('reports the first remote frame once per stream', () => {
    const onRemoteFirstFrame = vi.fn();
    const first = stream();
    const { rerender } = render(
      <CallStage
        snapshot={snapshot(connected(first))}
        remoteLabel="Video de la operadora"
        statusText=""
        onRemoteFirstFrame={onRemoteFirstFrame}
      />,
    );
    const video = screen.getByLabelText('Video de la operadora') as HTMLVideoElement;
    expect(video.srcObject).toBe(first);
    fireEvent(video, new Event('playing'));
    fireEvent(video, new Event('playing'));
    expect(onRemoteFirstFrame).toHaveBeenCalledTimes(1);
    const second = stream();
    rerender(
      <CallStage
        snapshot={snapshot(connected(second))}
        remoteLabel="Video de la operadora"
        statusText=""
        onRemoteFirstFrame={onRemoteFirstFrame}
      />,
    );
    fireEvent(video, new Event('playing'));
    expect(onRemoteFirstFrame).toHaveBeenCalledTimes(2);
  });

  it('offers to turn the sound on when the browser blocked autoplay with sound', async () => {
    vi.mocked(HTMLMediaElement.prototype.play).mockRejectedValueOnce(
      new DOMException('needs a gesture', 'NotAllowedError'),
    );
    render(
      <CallStage
        snapshot={snapshot(connected(stream()))}
        remoteLabel="Video de la operadora"
        statusText=""
      />,
    );
    await act(async () => undefined);
    const video = screen.getByLabelText('Video de la operadora') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Activar sonido' }));
    expect(video.muted).toBe(false);
    expect(screen.queryByRole('button', { name: 'Activar sonido' })).toBeNull();
  });
});
