import { describe, expect, it } from 'vitest';
import { canonicalMailbox, sameMailbox } from './mailbox';

describe('canonicalMailbox', () => {
  it('ignores case everywhere, and dots and +tags on Gmail only', () => {
    expect(canonicalMailbox(' Ana.Maria+sorteo@GoogleMail.com ')).toBe('anamaria@gmail.com');
    expect(canonicalMailbox('ana.maria@gmail.com')).toBe('anamaria@gmail.com');
    expect(canonicalMailbox('Ana.Maria+x@Example.cl')).toBe('ana.maria+x@example.cl');
  });

  it('tells variants of one mailbox from different ones', () => {
    expect(sameMailbox('a.b.c@gmail.com', 'ABC+1@gmail.com')).toBe(true);
    expect(sameMailbox('a.b@example.com', 'ab@example.com')).toBe(false);
  });
});
