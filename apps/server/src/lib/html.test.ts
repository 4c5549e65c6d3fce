import { describe, expect, it } from 'vitest';
import { escapeHtml, linkifyText } from './html';

describe('HTML helpers', () => {
  it('escapes markup', () => {
    expect(escapeHtml('<img src=x onerror="alert(1)">')).toBe(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;',
    );
  });

  it('links URLs without letting markup through', () => {
    const html = linkifyText('Abre http://localhost:3000/reset-pass?token=abc <b>ya</b>');
    expect(html).toContain('<a href="http://localhost:3000/reset-pass?token=abc">');
    expect(html).toContain('&lt;b&gt;ya&lt;/b&gt;');
  });
});
