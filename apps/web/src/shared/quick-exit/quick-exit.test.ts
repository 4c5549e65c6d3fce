import { describe, expect, it, vi } from 'vitest';
import { QUICK_EXIT } from '@seguridad/contracts/constants';
import { escapeTwiceListener } from './quick-exit';

function press(listener: (event: KeyboardEvent) => void, key = 'Escape', repeat = false) {
  const event = new KeyboardEvent('keydown', { key, repeat, cancelable: true });
  listener(event);
  return event;
}

describe('Esc twice leaves (decision 060)', () => {
  it('leaves on a second Esc within the window after a first one while the widget was open', () => {
    let time = 0;
    let open = true;
    const leave = vi.fn();
    const listener = escapeTwiceListener(() => open, { now: () => time, leave });
    press(listener);
    open = false; // the first Esc closed the drawer
    time = QUICK_EXIT.escapeWindowMs - 1;
    expect(press(listener).defaultPrevented).toBe(true);
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('does not leave on presses too far apart, a held key, other keys, or while the widget was closed', () => {
    let time = 0;
    let open = true;
    const leave = vi.fn();
    const listener = escapeTwiceListener(() => open, { now: () => time, leave });
    press(listener);
    time = QUICK_EXIT.escapeWindowMs + 1;
    open = false;
    press(listener);
    time += 10;
    press(listener);
    open = true;
    press(listener);
    press(listener, 'Escape', true);
    press(listener, 'Enter');
    expect(leave).not.toHaveBeenCalled();
  });

  it('starts over when another key or a pointer press comes between the two', () => {
    const leave = vi.fn();
    const listener = escapeTwiceListener(() => true, { now: () => 0, leave });
    press(listener);
    press(listener, 'Enter');
    press(listener);
    listener(new PointerEvent('pointerdown'));
    press(listener);
    expect(leave).not.toHaveBeenCalled();
    press(listener);
    expect(leave).toHaveBeenCalledTimes(1);
  });
});
