import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CallSession } from './call-session';
import { FakeSocket } from './testing/fake-transport';
import { useCallSession } from './use-call-session';

function session(): CallSession {
  const socket = new FakeSocket();
  socket.active = true;
  return new CallSession({
    call: { id: 1, room: 'room_ABCDEFGHIJKLMNOP' },
    credentials: { side: 'answerer' },
    socket,
    localStream: null,
    uploadAttachment: async () => ({ id: 1, name: 'a', mime: 'text/plain', size: 1 }),
  });
}

afterEach(cleanup);

describe('useCallSession', () => {
  it('is null without a session, follows the session, and switches sessions', () => {
    const first = session();
    const { result, rerender } = renderHook(({ current }) => useCallSession(current), {
      initialProps: { current: null as CallSession | null },
    });
    expect(result.current).toBeNull();
    rerender({ current: first });
    expect(result.current).toBe(first.getSnapshot());
    act(() => first.setMicrophoneEnabled(false));
    expect(result.current?.microphoneEnabled).toBe(false);
    const second = session();
    rerender({ current: second });
    expect(result.current).toBe(second.getSnapshot());
    expect(result.current?.microphoneEnabled).toBe(true);
  });
});
