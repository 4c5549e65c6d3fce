import { describe, expect, it } from 'vitest';
import { canonicalMailbox, sameMailbox } from './mailbox';

describe('canonicalMailbox', () => {
  it('ignores case and +tags everywhere, and dots on Gmail only', () => {
    expect(canonicalMailbox(' Ana.Maria+sorteo@GoogleMail.com ')).toBe('anamaria@gmail.com');
    expect(canonicalMailbox('ana.maria@gmail.com')).toBe('anamaria@gmail.com');
    expect(canonicalMailbox('Ana.Maria+x@Example.cl')).toBe('ana.maria@example.cl');
    expect(canonicalMailbox('me+1@example.org')).toBe('me@example.org');
    expect(canonicalMailbox('+solo@example.org')).toBe('+solo@example.org');
  });

  it('tells variants of one mailbox from different ones', () => {
    expect(sameMailbox('a.b.c@gmail.com', 'ABC+1@gmail.com')).toBe(true);
    expect(sameMailbox('a.b@example.com', 'ab@example.com')).toBe(false);
    expect(sameMailbox('me+1@example.org', 'ME+2@example.org')).toBe(true);
  });
});
