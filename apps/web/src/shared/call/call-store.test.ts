import { describe, expect, it, vi } from 'vitest';
import { CallStore } from './call-store';

describe('the call store', () => {
  it('starts idle with the local stream and notifies only on a change', () => {
    const store = new CallStore(null);
    expect(store.get()).toMatchObject({ phase: { status: 'idle' }, localStream: null, chat: [] });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.get();
    store.dispatch({ type: 'mediaConnected' });
    expect(store.get()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    store.dispatch({ type: 'joinStarted' });
    expect(store.get().phase).toEqual({ status: 'joining' });
    store.update({ cameraEnabled: false });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.update({ cameraEnabled: true });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
