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
    expect(isHostToWidgetMessage({ source: 'seguridad-host', type: 'navigate', to: 'x' })).toBe(false);
  });
});
