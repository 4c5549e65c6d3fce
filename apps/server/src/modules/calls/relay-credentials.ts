import { createHmac } from 'node:crypto';
import type { RelaySettings } from '@seguridad/contracts/http/calls';
import type { AppConfig } from '../../config';

type TurnConfig = NonNullable<AppConfig['turn']>;

/** Host and port of a `turn:`/`turns:` URL (which WHATWG `URL` does not split: no `//`). */
export function turnHostAndPort(url: string): { host: string; port: number } {
  const secure = url.startsWith('turns:');
  const address = url.slice(secure ? 'turns:'.length : 'turn:'.length).split('?')[0]!;
  const match = address.match(/^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/);
  const host = match?.[1] ?? match?.[2] ?? address;
  const port = match?.[3] ? Number(match[3]) : secure ? 5349 : 3478;
  return { host, port };
}

/**
 * TURN REST credentials as coturn checks them with `use-auth-secret`: the username is
 * `<unix expiry>:<participant id>` and the password base64(HMAC-SHA1(static-auth-secret, username)).
 * coturn reads the expiry before the first colon, so participant ids may hold colons themselves.
 */
export function turnCredentials(turn: TurnConfig, participantId: string, now = Date.now()): RelaySettings {
  const expiry = Math.floor(now / 1000) + turn.ttlSeconds;
  const username = `${expiry}:${participantId}`;
  const password = createHmac('sha1', turn.secret).update(username).digest('base64');
  const first = turnHostAndPort(turn.urls[0]!);
  return {
    turn_ip: first.host,
    turn_port: first.port,
    turn_user: username,
    turn_password: password,
    urls: turn.urls,
    ttl_seconds: turn.ttlSeconds,
  };
}
