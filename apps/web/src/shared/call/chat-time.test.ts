import { describe, expect, it } from 'vitest';
import { formatChatTime } from './chat-time';

describe('chat time', () => {
  it('shows hours and minutes, 24 h, zero-padded, in local time', () => {
    expect(formatChatTime(new Date(2025, 2, 1, 9, 7).toISOString())).toBe('09:07');
    expect(formatChatTime(new Date(2025, 2, 1, 0, 0))).toBe('00:00');
    expect(formatChatTime(new Date(2025, 2, 1, 23, 59, 59).toISOString())).toBe('23:59');
    expect(formatChatTime(new Date(2025, 2, 1, 13, 5).toISOString())).toBe('13:05');
  });

  it("converts the server's UTC time to the viewer's zone", () => {
    const previous = process.env.TZ;
    process.env.TZ = 'America/Santiago';
    try {
      // January is summer time in Chile: UTC−3.
      expect(formatChatTime('2025-01-15T15:30:00.000Z')).toBe('12:30');
      expect(formatChatTime('2025-07-15T02:05:00.000Z')).toBe('22:05');
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatChatTime('mañana')).toBe('');
  });
});
