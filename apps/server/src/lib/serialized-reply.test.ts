import { describe, expect, it } from 'vitest';
import { asciiJson } from './serialized-reply';

describe('asciiJson', () => {
  it('writes every character beyond ASCII as an escape that parses back to the same value', () => {
    const value = {
      name: 'Orientación Legal — Ñuñoa, Región de Ñuble',
      symbols: '¿Qué? ¡Sí! € 😀 \u2028',
      quote: 'dice "hola" \\ adiós',
    };
    const json = asciiJson(JSON.stringify(value));
    expect(json).toMatch(/^[\x20-\x7e]*$/);
    expect(json).toContain('Orientaci\\u00f3n');
    expect(json).toContain('\\ud83d\\ude00');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('leaves ASCII-only JSON as it is', () => {
    const json = JSON.stringify({ status: 'ok', databaseOk: true, uptimeSeconds: 12 });
    expect(asciiJson(json)).toBe(json);
  });
});
