import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RelaySettings } from '@seguridad/contracts/http/calls';
import { endVideoCallOnLeave, toIceServers } from './call-api';

const relay: RelaySettings = {
  turn_ip: '203.0.113.7',
  turn_port: 3478,
  turn_user: '1760000000:call-41',
  turn_password: 'c2VjcmV0',
  urls: ['stun:203.0.113.7:3478', 'turn:203.0.113.7:3478?transport=udp', 'turns:relay.example:5349'],
  ttl_seconds: 3600,
};

describe('relay settings as ICE servers', () => {
  it('means direct connections only without a relay', () => {
    expect(toIceServers(null)).toEqual([]);
  });

  it('gives TURN URLs the credentials and STUN URLs none', () => {
    expect(toIceServers(relay)).toEqual([
      { urls: ['stun:203.0.113.7:3478'] },
      {
        urls: ['turn:203.0.113.7:3478?transport=udp', 'turns:relay.example:5349'],
        username: '1760000000:call-41',
        credential: 'c2VjcmV0',
      },
    ]);
  });

  it('builds the TURN URL from host and port when no URL is listed', () => {
    expect(toIceServers({ ...relay, urls: [] })).toEqual([
      { urls: ['turn:203.0.113.7:3478'], username: '1760000000:call-41', credential: 'c2VjcmV0' },
    ]);
  });

  it('drops URLs of other schemes', () => {
    expect(toIceServers({ ...relay, urls: ['http://203.0.113.7/'] })).toEqual([]);
  });
});

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('ending the call when the page goes away', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a beacon with the token in a text/plain body', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    endVideoCallOnLeave({ id: 41, token: 'caller-token-0123456789' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/calls/videoCall/41/end');
    expect(body.type).toBe('text/plain');
    expect(JSON.parse(await readText(body))).toEqual({ token: 'caller-token-0123456789' });
  });
});
