import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageOf } from './pagination';

const rows = Array.from({ length: 12 }, (_, index) => index + 1);

describe('table pagination (5 rows a page)', () => {
  it('counts pages, one at least', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(5)).toBe(1);
    expect(pageCount(6)).toBe(2);
    expect(pageCount(12)).toBe(3);
  });

  it('slices five rows a page', () => {
    expect(pageOf(rows, 1)).toEqual([1, 2, 3, 4, 5]);
    expect(pageOf(rows, 2)).toEqual([6, 7, 8, 9, 10]);
    expect(pageOf(rows, 3)).toEqual([11, 12]);
  });

  it('falls back to a page that exists', () => {
    expect(clampPage(4, 12)).toBe(3);
    expect(clampPage(3, 10)).toBe(2);
    expect(clampPage(0, 12)).toBe(1);
    expect(pageOf(rows.slice(0, 10), 3)).toEqual([6, 7, 8, 9, 10]);
  });
});
