import { describe, expect, it } from 'vitest';
import { WHEEL } from '@seguridad/contracts/constants';
import { rotationToSection, sectionPath, toPoint } from './wheel-geometry';

describe('wheel geometry', () => {
  it('stops every section under the top pointer after three extra turns', () => {
    for (let index = 0; index < WHEEL.sections; index += 1) {
      const rotation = rotationToSection(index);
      expect(rotation).toBeGreaterThanOrEqual(WHEEL.extraTurns * 360);
      expect(rotation).toBeLessThan((WHEEL.extraTurns + 1) * 360);
      // Where the section's middle ends up, clockwise from the top.
      const middle = index * WHEEL.degreesPerSection + WHEEL.degreesPerSection / 2;
      expect((middle + rotation) % 360).toBe(0);
    }
    expect(rotationToSection(0)).toBe(3 * 360 + 342);
    expect(rotationToSection(9)).toBe(3 * 360 + 18);
  });

  it('draws section 0 from the top clockwise', () => {
    expect(toPoint(0, 100)).toEqual({ x: 100, y: 0 });
    expect(toPoint(90, 100)).toEqual({ x: 200, y: 100 });
    expect(sectionPath(0, 100)).toBe('M 100 100 L 100 0 A 100 100 0 0 1 158.779 19.098 Z');
  });
});
