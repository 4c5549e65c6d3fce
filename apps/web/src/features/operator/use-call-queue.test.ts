import { describe, expect, it } from 'vitest';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { newCallSentence } from './use-call-queue';

function queuedCall(id: number, speciality: string, isPrivate = false): QueuedCall {
  return {
    id,
    room: `room-${String(id).padStart(16, '0')}`,
    speciality_id: null,
    speciality,
    from: '',
    private: isPrivate,
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
