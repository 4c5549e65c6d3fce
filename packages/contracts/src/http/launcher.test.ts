import { describe, expect, it } from 'vitest';
import { contrastWithWhite, launcherColorSchema, launcherLabelSchema } from './launcher';
import { launcherTexts } from '../messages/launcher';

describe('the launcher settings', () => {
  it('measures white text against a colour as WCAG does', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21, 5);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1, 5);
    expect(contrastWithWhite('#0b3a75')).toBeGreaterThan(10);
    // #767676 is the classic lightest grey that still passes 4.5 to 1 on white.
    expect(contrastWithWhite('#767676')).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite('#777777')).toBeLessThan(4.5);
  });

  it('takes #rrggbb colours white text reads on, written in lower case', () => {
    expect(launcherColorSchema.parse(' #7A1F5C ')).toBe('#7a1f5c');
    const pale = launcherColorSchema.safeParse('#ffe066');
    expect(pale.success).toBe(false);
    expect(pale.error?.issues[0]?.message).toBe(launcherTexts.colorTooLight);
    for (const malformed of ['red', '#fff', '0b3a75', '#0b3a7g', 'url(x)'])
      expect(launcherColorSchema.safeParse(malformed).success).toBe(false);
  });

  it('takes a label of 1 to 30 characters, trimmed', () => {
    expect(launcherLabelSchema.parse('  Escríbenos ')).toBe('Escríbenos');
    expect(launcherLabelSchema.safeParse('   ').success).toBe(false);
    expect(launcherLabelSchema.safeParse('x'.repeat(31)).success).toBe(false);
  });
});
