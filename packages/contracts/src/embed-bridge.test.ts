import { describe, expect, it } from 'vitest';
import { isHostToWidgetMessage, isWidgetToHostMessage } from './embed-bridge';

describe('embed bridge messages', () => {
  it('accepts the declared messages only', () => {
    expect(isWidgetToHostMessage({ source: 'seguridad-widget', type: 'ready' })).toBe(true);
    expect(isWidgetToHostMessage({ source: 'seguridad-widget', type: 'layout', width: 320 })).toBe(true);
    expect(isWidgetToHostMessage({ source: 'seguridad-widget', type: 'layout', width: '320' })).toBe(false);
    expect(isWidgetToHostMessage({ source: 'otro', type: 'ready' })).toBe(false);
    expect(isWidgetToHostMessage('ready')).toBe(false);
    expect(isHostToWidgetMessage({ source: 'seguridad-host', type: 'open' })).toBe(true);
    expect(isHostToWidgetMessage({ source: 'seguridad-host', type: 'openVideoCall' })).toBe(true);
    expect(isHostToWidgetMessage({ source: 'seguridad-host', type: 'navigate', to: 'x' })).toBe(false);
  });

  it('accepts a full-screen layout during a call, with a boolean flag only', () => {
    const layout = { source: 'seguridad-widget', type: 'layout', width: 1200 } as const;
    expect(isWidgetToHostMessage({ ...layout, fullscreen: true })).toBe(true);
    expect(isWidgetToHostMessage({ ...layout, fullscreen: false })).toBe(true);
    expect(isWidgetToHostMessage({ ...layout, fullscreen: 'yes' })).toBe(false);
    expect(isWidgetToHostMessage({ ...layout, width: 5000, fullscreen: true })).toBe(false);
  });
});
