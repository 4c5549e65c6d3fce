import { describe, expect, it } from 'vitest';
import { formatClp, formatThousands } from './clp';

describe('Chilean peso formatting', () => {
  it('formats the plan price with a dot for thousands and no decimals', () => {
    expect(formatThousands(149_990)).toBe('149.990');
    expect(formatClp(149_990)).toBe('$149.990');
  });
});
