import { describe, expect, it } from 'vitest';
import { formatWaitingTime, waitingSentence } from './waiting-time';

const createdAt = '2026-03-10T12:00:00.000Z';
const after = (ms: number) => Date.parse(createdAt) + ms;

describe('formatWaitingTime', () => {
  it('reads minutes and zero-padded seconds, rounding down', () => {
    expect(formatWaitingTime(createdAt, after(0))).toBe('0:00');
    expect(formatWaitingTime(createdAt, after(999))).toBe('0:00');
    expect(formatWaitingTime(createdAt, after(7_000))).toBe('0:07');
    expect(formatWaitingTime(createdAt, after(65_400))).toBe('1:05');
    expect(formatWaitingTime(createdAt, after(59 * 60_000 + 59_999))).toBe('59:59');
  });

  it('adds hours past an hour', () => {
    expect(formatWaitingTime(createdAt, after(3_600_000))).toBe('1:00:00');
    expect(formatWaitingTime(createdAt, after(3_723_000))).toBe('1:02:03');
  });

  it('never goes negative when the server clock is ahead, nor breaks on a bad date', () => {
    expect(formatWaitingTime(createdAt, after(-90_000))).toBe('0:00');
    expect(formatWaitingTime('not a date', after(5_000))).toBe('0:00');
  });

  it('makes the sentence the queue shows', () => {
    expect(waitingSentence(createdAt, after(65_000))).toBe('Esperando hace 1:05');
  });
});
