import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleQueuedCall } from '../call-queue';
import { CallQueueList } from './call-queue-list';

const NOW = Date.parse('2026-03-10T12:01:05.000Z');

function queuedCall(id: number, speciality: string, createdAt: string, from = ''): ConsoleQueuedCall {
  return {
    id,
    room: `room-${String(id).padStart(16, '0')}`,
    speciality_id: null,
    speciality,
    from,
    private: false,
    kind: 'video',
    created_at: createdAt,
    offerDeadline: null,
  };
}

const listProps = { ownUserId: 7, onDecline: () => undefined };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the queue of waiting calls', () => {
  it('shows each call with its speciality, origin as text and a ticking waiting time', () => {
    const onAccept = vi.fn();
    const first = queuedCall(
      1,
      'Violencia intrafamiliar',
      '2026-03-10T12:00:00.000Z',
      '<b>https://x.example</b>',
    );
    render(
      <CallQueueList
        {...listProps}
        calls={[first]}
        operatorsOnline={2}
        acceptingId={null}
        onAccept={onAccept}
      />,
    );

    const item = screen.getByRole('listitem', { name: 'Violencia intrafamiliar' });
    expect(within(item).getByText('<b>https://x.example</b>')).toBeTruthy();
    expect(item.querySelector('b')).toBeNull();
    expect(within(item).getByText('Esperando hace 1:05')).toBeTruthy();
    expect(screen.getByText('2 operadores en línea')).toBeTruthy();

    act(() => vi.advanceTimersByTime(2_000));
    expect(within(item).getByText('Esperando hace 1:07')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Aceptar llamada de Violencia intrafamiliar' }));
    expect(onAccept).toHaveBeenCalledExactlyOnceWith(first);
  });

  it('holds every button while one call is being accepted', () => {
    const calls = [
      queuedCall(1, 'General', '2026-03-10T12:00:00.000Z'),
      queuedCall(2, 'Salud', '2026-03-10T12:00:30.000Z'),
    ];
    render(
      <CallQueueList
        {...listProps}
        calls={calls}
        operatorsOnline={1}
        acceptingId={1}
        onAccept={() => undefined}
      />,
    );
    const accepting = screen.getByRole('button', { name: 'Aceptar llamada de General' }) as HTMLButtonElement;
    const other = screen.getByRole('button', { name: 'Aceptar llamada de Salud' }) as HTMLButtonElement;
    expect(accepting.getAttribute('aria-busy')).toBe('true');
    expect(other.disabled).toBe(true);
    expect(screen.getByText('1 operador en línea')).toBeTruthy();
  });

  it('says when nobody is waiting and names an unknown origin', () => {
    const { rerender } = render(
      <CallQueueList
        {...listProps}
        calls={[]}
        operatorsOnline={null}
        acceptingId={null}
        onAccept={() => undefined}
      />,
    );
    expect(screen.getByText(/No hay llamadas en espera/)).toBeTruthy();
    rerender(
      <CallQueueList
        {...listProps}
        calls={[queuedCall(3, 'General', '2026-03-10T12:01:00.000Z')]}
        operatorsOnline={null}
        acceptingId={null}
        onAccept={() => undefined}
      />,
    );
    expect(screen.getByText('Origen desconocido')).toBeTruthy();
  });

  it('marks a call offered to me with a countdown and lets me pass it; holds one offered to another until its end', () => {
    const onDecline = vi.fn();
    const mine = {
      ...queuedCall(4, 'Orientación Legal', '2026-03-10T12:01:00.000Z'),
      offer: { operator_id: 7, operator_name: 'Ana Rojas', expires_in_ms: 10_000 },
      offerDeadline: NOW + 10_000,
    };
    const theirs = {
      ...queuedCall(5, 'General', '2026-03-10T12:01:01.000Z'),
      offer: { operator_id: 9, operator_name: 'Beto Soto', expires_in_ms: 3_000 },
      offerDeadline: NOW + 3_000,
    };
    render(
      <CallQueueList
        calls={[mine, theirs]}
        operatorsOnline={2}
        acceptingId={null}
        ownUserId={7}
        onAccept={() => undefined}
        onDecline={onDecline}
      />,
    );
    const offered = screen.getByRole('listitem', { name: 'Orientación Legal' });
    expect(within(offered).getByText('Llamada para ti')).toBeTruthy();
    expect(within(offered).getByText(/Tienes 10 s para aceptarla/)).toBeTruthy();
    fireEvent.click(within(offered).getByRole('button', { name: 'Dejar pasar' }));
    expect(onDecline).toHaveBeenCalledExactlyOnceWith(mine);

    const held = screen.getByRole('button', { name: 'Aceptar llamada de General' }) as HTMLButtonElement;
    expect(held.disabled).toBe(true);
    expect(screen.getByText('Ofrecida a Beto Soto · para todos en 3 s')).toBeTruthy();

    act(() => vi.advanceTimersByTime(3_000));
    expect(held.disabled).toBe(false);
    expect(screen.queryByText(/Ofrecida a Beto Soto/)).toBeNull();
    expect(within(offered).getByText(/Tienes 7 s para aceptarla/)).toBeTruthy();
  });
});
