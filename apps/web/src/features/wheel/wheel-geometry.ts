import { WHEEL } from '@seguridad/contracts/constants';

/**
 * Sections are laid clockwise from the top, `WHEEL.degreesPerSection` each; the pointer sits at
 * the top. Turning the wheel clockwise by `rotationToSection(i)` degrees stops section i's middle
 * under the pointer after `WHEEL.extraTurns` full turns.
 */
export function rotationToSection(index: number): number {
  const middle = index * WHEEL.degreesPerSection + WHEEL.degreesPerSection / 2;
  return WHEEL.extraTurns * 360 + ((360 - middle) % 360);
}

/** The SVG path of section i on a wheel of `radius` centred at (radius, radius). */
export function sectionPath(index: number, radius: number): string {
  const start = toPoint(index * WHEEL.degreesPerSection, radius);
  const end = toPoint((index + 1) * WHEEL.degreesPerSection, radius);
  return `M ${radius} ${radius} L ${start.x} ${start.y} A ${radius} ${radius} 0 0 1 ${end.x} ${end.y} Z`;
}

/** A point `distance` from the centre at `degrees` clockwise from the top. */
export function toPoint(degrees: number, distance: number, radius = distance) {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return {
    x: round(radius + distance * Math.cos(radians)),
    y: round(radius + distance * Math.sin(radians)),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
