import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    '/',
    '/configuracion',
    '/configuracion?x=1#y',
    '/network_invite?code=abc&cmp=2',
    '/account_recovery?t=a%2Fb',
  ])('keeps the same-site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    'https://evil.com',
    'http://evil.com/configuracion',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/ok\\..\\evil',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'configuracion',
    ' /configuracion',
    '/\t/evil.com',
    '/\n/evil.com',
    '/con\u0000figuracion',
    '',
    null,
    undefined,
  ])('sends %j home', (value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});
