import { describe, expect, it } from 'vitest';
import { drawWinners } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';

describe('GET /api/promo/winners', () => {
  const ctx = useTestApp();

  it('returns the first 20 winners in order, with masked phones only', async () => {
    const stored = await ctx.database.db.select().from(drawWinners);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/promo/winners' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: { name: string; phone: string }[] };
    expect(data).toHaveLength(20);
    for (const winner of stored) {
      expect(response.body).not.toContain(winner.phone);
      expect(response.body).not.toContain(winner.phone.slice(-8));
    }
    for (const item of data) expect(item.phone).toMatch(/^\+569 \*{4} \*\d{3}$/);
  });
});
