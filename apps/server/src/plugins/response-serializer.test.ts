import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

function compile(schema: z.ZodType) {
  return responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
}

describe('response serializer', () => {
  it('writes only the declared fields', () => {
    const serialize = compile(z.object({ name: z.string(), phone: z.string() }));
    const json = serialize({
      name: 'Rosa',
      phone: '+569 **** *123',
      passwordHash: 'secret',
      email: 'r@x.cl',
    });
    expect(JSON.parse(json)).toEqual({ name: 'Rosa', phone: '+569 **** *123' });
  });

  it('keeps literals, arrays and nested objects', () => {
    const serialize = compile(
      z.object({ success: z.literal(true), data: z.array(z.object({ id: z.number(), name: z.string() })) }),
    );
    expect(JSON.parse(serialize({ success: true, data: [{ id: 1, name: 'General', extra: 1 }] }))).toEqual({
      success: true,
      data: [{ id: 1, name: 'General' }],
    });
  });

  it('falls back to zod for schemas JSON Schema cannot express', () => {
    const serialize = compile(z.object({ at: z.date() }));
    expect(JSON.parse(serialize({ at: new Date('2026-11-21T10:00:00Z') }))).toEqual({
      at: '2026-11-21T10:00:00.000Z',
    });
  });
});
