import { describe, expect, it } from 'vitest';
import { tinyFiles } from '../../testing/multipart';
import {
  attachmentDisplayName,
  attachmentDisposition,
  declaredMime,
  servedContentType,
} from './attachment-content';

describe('attachment names and types', () => {
  it.each([
    ['C:\\Users\\rosa\\Documentos\\denuncia.pdf', 'denuncia.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['foto\u0000\u001b[31m.jpg', 'foto[31m.jpg'],
    ['factura\u202Efdp.exe', 'facturafdp.exe'],
    ['', 'archivo'],
    [undefined, 'archivo'],
    ['..', 'archivo'],
    ['  \u0007  ', 'archivo'],
    ['informe ñandú.pdf', 'informe ñandú.pdf'],
  ])('shows %j as %j', (given, shown) => {
    expect(attachmentDisplayName(given)).toBe(shown);
  });

  it('caps the name at 200 characters without splitting one', () => {
    const name = attachmentDisplayName(`${'😀'.repeat(250)}.png`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name).toBe('😀'.repeat(200));
  });

  it('keeps a declared type only when it looks like one', () => {
    expect(declaredMime('Image/PNG')).toBe('image/png');
    expect(declaredMime('text/html; charset=utf-8')).toBe('application/octet-stream');
    expect(declaredMime(undefined)).toBe('application/octet-stream');
  });

  it('serves images with their type only when the bytes agree', () => {
    expect(servedContentType('image/png', tinyFiles.png)).toBe('image/png');
    expect(servedContentType('image/jpeg', tinyFiles.png)).toBe('application/octet-stream');
    expect(servedContentType('image/gif', Buffer.from('GIF89a\x01\x00'))).toBe('image/gif');
    expect(servedContentType('image/png', Buffer.from('<html><script>'))).toBe('application/octet-stream');
    expect(servedContentType('image/svg+xml', Buffer.from('<svg onload=alert(1)>'))).toBe(
      'application/octet-stream',
    );
  });

  it('never serves a type a browser would run as a document', () => {
    for (const mime of ['text/html', 'application/xhtml+xml', 'text/xml', 'application/javascript']) {
      expect(servedContentType(mime, Buffer.from('<html>'))).toBe('application/octet-stream');
    }
    expect(servedContentType('application/pdf', tinyFiles.pdf)).toBe('application/pdf');
    expect(servedContentType('text/plain', Buffer.from('hola'))).toBe('text/plain; charset=utf-8');
    expect(servedContentType('audio/ogg', Buffer.alloc(4))).toBe('audio/ogg');
  });

  it('writes the exact name in RFC 5987 form with an ASCII fallback', () => {
    expect(attachmentDisposition('informe "final" (1)*ñ.pdf')).toBe(
      `attachment; filename="informe _final_ (1)*_.pdf"; filename*=UTF-8''informe%20%22final%22%20%281%29%2A%C3%B1.pdf`,
    );
  });
});
