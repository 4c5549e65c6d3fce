import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { operatorQueryKeys } from './api/operator-query-keys';
import { newCallSentence, useCallQueue } from './use-call-queue';

function queuedCall(id: number, speciality: string, isPrivate = false): QueuedCall {
  return {
    id,
    room: `room-${String(id).padStart(16, '0')}`,
    speciality_id: null,
    speciality,
    from: '',
    private: isPrivate,
    kind: 'video',
    created_at: `2026-03-10T12:00:0${id}.000Z`,
  };
}

describe('newCallSentence', () => {
  it('announces public calls that were not known, oldest first', () => {
    const calls = [queuedCall(1, 'General'), queuedCall(2, 'Salud'), queuedCall(3, 'Tránsito')];
    expect(newCallSentence(new Set([1]), calls)).toBe(
      'Nueva llamada en espera: Salud. Nueva llamada en espera: Tránsito.',
    );
  });

  it('stays quiet for known calls and for the operator’s own private rooms', () => {
    expect(newCallSentence(new Set([1]), [queuedCall(1, 'General')])).toBeNull();
    expect(newCallSentence(new Set(), [queuedCall(4, 'General', true)])).toBeNull();
  });
});

describe('useCallQueue', () => {
  function renderQueue(waiting: QueuedCall[]) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(operatorQueryKeys.callQueue, {
      requestedAt: Date.now() - 1_000,
      response: { code: 200, calls: waiting, operators_online: 1 },
    });
    return renderHook(() => useCallQueue(true), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
  }

  it('announces a call that arrives and clears the announcement once it leaves the queue', async () => {
    const { result } = renderQueue([queuedCall(1, 'General')]);
    await waitFor(() => expect(result.current.state.synced).toBe(true));
    expect(result.current.announcement).toBeNull();

    act(() => result.current.events.onQueueAdded(queuedCall(2, 'Salud')));
    expect(result.current.announcement?.text).toBe('Nueva llamada en espera: Salud.');

    act(() => result.current.events.onQueueRemoved({ id: 2, reason: 'accepted' }));
    expect(result.current.announcement).toBeNull();
  });

  it('names only the announced calls still waiting when some of them leave', async () => {
    const { result } = renderQueue([]);
    await waitFor(() => expect(result.current.state.synced).toBe(true));
    act(() => {
      result.current.events.onQueueAdded(queuedCall(3, 'Salud'));
      result.current.events.onQueueAdded(queuedCall(4, 'Tránsito'));
    });
    expect(result.current.announcement?.text).toBe(
      'Nueva llamada en espera: Salud. Nueva llamada en espera: Tránsito.',
    );

    act(() => result.current.events.onQueueRemoved({ id: 3, reason: 'abandoned' }));
    expect(result.current.announcement?.text).toBe('Nueva llamada en espera: Tránsito.');

    act(() => result.current.events.onQueueRemoved({ id: 4, reason: 'accepted' }));
    expect(result.current.announcement).toBeNull();
  });
});
