import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { login, signup } from '../../testing/accounts';

describe('sign-in guess budgets', () => {
  const ctx = useTestApp();

  it('count an IPv6 guesser by its network, not by each address it rotates through', async () => {
    const email = 'red-ipv6@example.com';
    await signup(ctx, email);
    const codes: number[] = [];
    for (let host = 1; host <= 11; host += 1) {
      const response = await login(ctx, email, 'no-es-la-clave', {
        remoteAddress: `2001:db8:7:7::${host.toString(16)}`,
      });
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(new Array(10).fill(401));
    expect(codes[10]).toBe(429);
    // Another network is another requester: the owner is not locked out.
    expect((await login(ctx, email, undefined, { remoteAddress: '2001:db8:9:9::1' })).statusCode).toBe(200);
  });

  it('spend the same time on an account whose password recovery disabled as on any other', async () => {
    await signup(ctx, 'tiempo-normal@example.com');
    await signup(ctx, 'tiempo-desactivada@example.com');
    await ctx.database.db
      .update(users)
      .set({ passwordHash: 'disabled$sin-clave' })
      .where(eq(users.email, 'tiempo-desactivada@example.com'));

    // CPU time, not the clock: what the server computes for each answer (scrypt runs on libuv's
    // threads, which the process's CPU time counts), which other programs on the machine leave as
    // it is. The clock measured them too, and failed when the machine was busy.
    async function medianMs(email: string): Promise<number> {
      const times: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const started = process.cpuUsage();
        const response = await login(ctx, email, 'no-es-la-clave', {
          remoteAddress: `192.0.2.${attempt + 10}`,
        });
        const spent = process.cpuUsage(started);
        times.push((spent.user + spent.system) / 1000);
        expect(response.statusCode).toBe(401);
      }
      return times.sort((a, b) => a - b)[2]!;
    }
    const normal = await medianMs('tiempo-normal@example.com');
    const disabled = await medianMs('tiempo-desactivada@example.com');
    const unknown = await medianMs('tiempo-nadie@example.com');
    // Before, a disabled password answered in ~3 ms against ~100 ms: a scrypt run is what counts.
    expect(disabled).toBeGreaterThan(normal * 0.5);
    expect(unknown).toBeGreaterThan(normal * 0.5);
  });
});
