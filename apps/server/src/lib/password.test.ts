import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('una clave larga y fácil de recordar');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('una clave larga y fácil de recordar', stored)).toBe(true);
    expect(await verifyPassword('una clave larga y facil de recordar', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('misma-clave')).not.toBe(await hashPassword('misma-clave'));
  });

  it('rejects malformed stored hashes without throwing', async () => {
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});
