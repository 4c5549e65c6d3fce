import { describe, expect, it } from 'vitest';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import {
  callQueueReducer,
  initialCallQueueState,
  privateRooms,
  QUEUE_EVENT_MEMORY_MS,
  waitingPublicCalls,
  type CallQueueAction,
  type CallQueueState,
} from './call-queue';

function queuedCall(id: number, createdAt: string, extra: Partial<QueuedCall> = {}): QueuedCall {
  return {
    id,
    room: `room-${String(id).padStart(16, '0')}`,
    speciality_id: null,
    speciality: 'General',
    from: 'https://municipio.example/tramites',
    private: false,
    kind: 'video',
    created_at: createdAt,
    ...extra,
  };
}

const first = queuedCall(1, '2026-03-10T12:00:00.000Z');
const second = queuedCall(2, '2026-03-10T12:00:05.000Z');
const third = queuedCall(3, '2026-03-10T12:00:09.000Z');

function run(actions: CallQueueAction[], state: CallQueueState = initialCallQueueState): CallQueueState {
  return actions.reduce(callQueueReducer, state);
}

const ids = (state: CallQueueState) => state.calls.map((call) => call.id);

describe('the console’s call queue', () => {
  it('starts empty, with no operator count yet', () => {
    expect(initialCallQueueState.calls).toEqual([]);
    expect(initialCallQueueState.operatorsOnline).toBeNull();
    expect(initialCallQueueState.synced).toBe(false);
  });

  it('takes a snapshot in arrival order, whatever order the server listed it in', () => {
    const state = run([
      {
        type: 'snapshot',
        at: 1_000,
        requestedAt: 900,
        snapshot: { code: 200, calls: [third, first, second], operators_online: 2 },
      },
    ]);
    expect(ids(state)).toEqual([1, 2, 3]);
    expect(state.operatorsOnline).toBe(2);
    expect(state.synced).toBe(true);
  });

  it('orders by created_at, then by id for calls of the same instant', () => {
    const sameInstant = queuedCall(9, first.created_at);
    const state = run([
      { type: 'added', at: 1, call: third },
      { type: 'added', at: 2, call: sameInstant },
      { type: 'added', at: 3, call: first },
      { type: 'added', at: 4, call: second },
    ]);
    expect(ids(state)).toEqual([1, 9, 2, 3]);
  });

  it('ignores a call it already holds', () => {
    const state = run([
      { type: 'added', at: 1, call: first },
      { type: 'added', at: 2, call: { ...first, speciality: 'Otra' } },
    ]);
    expect(state.calls).toEqual([{ ...first, offerDeadline: null }]);
  });

  it("keeps an offer's end on this browser's clock, and replaces the call when its offer changes", () => {
    const offer = { operator_id: 7, operator_name: 'Ana Rojas', expires_in_ms: 8_000 };
    const offered = run([
      { type: 'added', at: 1_000, call: first },
      { type: 'updated', at: 2_000, call: { ...first, offer } },
    ]);
    expect(offered.calls).toEqual([{ ...first, offer, offerDeadline: 10_000 }]);
    const passed = run([{ type: 'updated', at: 3_000, call: { ...first, offer: null } }], offered);
    expect(passed.calls).toEqual([{ ...first, offer: null, offerDeadline: null }]);
    // A snapshot counts from when it arrived.
    const snapshot = run([
      {
        type: 'snapshot',
        at: 50_000,
        requestedAt: 49_900,
        snapshot: { code: 200, calls: [{ ...second, offer }], operators_online: 1 },
      },
    ]);
    expect(snapshot.calls[0]!.offerDeadline).toBe(58_000);
  });

  it('does not bring back with an offer a call that already left', () => {
    const state = run([
      { type: 'added', at: 1, call: first },
      { type: 'removed', at: 2, id: first.id },
      { type: 'updated', at: 3, call: { ...first, offer: null } },
    ]);
    expect(state.calls).toEqual([]);
  });

  it('removes a call, and ignores a removal of a call it does not hold', () => {
    const state = run([
      { type: 'added', at: 1, call: first },
      { type: 'added', at: 2, call: second },
      { type: 'removed', at: 3, id: 1 },
      { type: 'removed', at: 4, id: 42 },
    ]);
    expect(ids(state)).toEqual([2]);
  });

  it('does not bring back a call removed before a late or repeated `added`', () => {
    const state = run([
      { type: 'removed', at: 1, id: 1 },
      { type: 'added', at: 2, call: first },
    ]);
    expect(state.calls).toEqual([]);
  });

  it('replaces what it held with a snapshot taken after the events', () => {
    const state = run([
      { type: 'added', at: 100, call: first },
      { type: 'added', at: 110, call: second },
      { type: 'presence', at: 120, operatorsOnline: 5 },
      {
        type: 'snapshot',
        at: 300,
        requestedAt: 200,
        snapshot: { code: 200, calls: [third], operators_online: 1 },
      },
    ]);
    expect(ids(state)).toEqual([3]);
    expect(state.operatorsOnline).toBe(1);
  });

  it('keeps events that raced a snapshot request: they are replayed on top of it', () => {
    const state = run([
      { type: 'added', at: 100, call: first },
      // Arrived while GET /queue was in flight; the answer was read before both happened.
      { type: 'added', at: 250, call: third },
      { type: 'removed', at: 260, id: 1 },
      { type: 'presence', at: 270, operatorsOnline: 4 },
      {
        type: 'snapshot',
        at: 300,
        requestedAt: 200,
        snapshot: { code: 200, calls: [first, second], operators_online: 3 },
      },
    ]);
    expect(ids(state)).toEqual([2, 3]);
    expect(state.operatorsOnline).toBe(4);
  });

  it('forgets events older than its memory', () => {
    const state = run([
      { type: 'removed', at: 0, id: 1 },
      { type: 'added', at: QUEUE_EVENT_MEMORY_MS + 1, call: second },
    ]);
    expect(state.recentEvents).toHaveLength(1);
    // A call removed long ago and listed again by the server is the server's truth.
    const later = callQueueReducer(state, {
      type: 'snapshot',
      at: QUEUE_EVENT_MEMORY_MS * 3,
      requestedAt: QUEUE_EVENT_MEMORY_MS * 3 - 10,
      snapshot: { code: 200, calls: [first], operators_online: 1 },
    });
    expect(ids(later)).toEqual([1]);
    expect(later.recentEvents).toEqual([]);
  });

  it('follows presence events', () => {
    const state = run([
      { type: 'presence', at: 1, operatorsOnline: 3 },
      { type: 'presence', at: 2, operatorsOnline: 2 },
    ]);
    expect(state.operatorsOnline).toBe(2);
  });

  it('tells public calls from the operator’s private rooms', () => {
    const room = queuedCall(7, '2026-03-10T11:59:00.000Z', { private: true });
    const state = run([
      { type: 'added', at: 1, call: first },
      { type: 'added', at: 2, call: room },
    ]);
    expect(waitingPublicCalls(state).map((call) => call.id)).toEqual([1]);
    expect(privateRooms(state).map((call) => call.id)).toEqual([7]);
  });
});
