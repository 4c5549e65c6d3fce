import { describe, expect, it } from 'vitest';
import { turnCredentials, turnHostAndPort } from './relay-credentials';

describe('TURN REST credentials', () => {
  it('match what coturn computes with use-auth-secret', () => {
    // Expected password from: printf '1700003600:caller:42' | openssl dgst -sha1 -hmac 'coturn-secreto-de-prueba' -binary | base64
    const settings = turnCredentials(
      {
        urls: ['turn:turn.example.cl:3478?transport=udp', 'turns:turn.example.cl:5349'],
        secret: 'coturn-secreto-de-prueba',
        ttlSeconds: 3600,
      },
      'caller:42',
      1_700_000_000_500,
    );
    expect(settings).toEqual({
      turn_ip: 'turn.example.cl',
      turn_port: 3478,
      turn_user: '1700003600:caller:42',
      turn_password: 'GC0dZ8pLAwWtnk4/cnkInQvATyY=',
      urls: ['turn:turn.example.cl:3478?transport=udp', 'turns:turn.example.cl:5349'],
      ttl_seconds: 3600,
    });
  });

  it.each([
    ['turn:10.0.0.5', { host: '10.0.0.5', port: 3478 }],
    ['turns:relay.example.cl', { host: 'relay.example.cl', port: 5349 }],
    ['turn:relay.example.cl:80?transport=tcp', { host: 'relay.example.cl', port: 80 }],
    ['turn:[2001:db8::1]:3479', { host: '2001:db8::1', port: 3479 }],
  ])('reads host and port of %s', (url, expected) => {
    expect(turnHostAndPort(url)).toEqual(expected);
  });
});
