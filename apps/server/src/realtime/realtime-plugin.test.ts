import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTestServer, type CallTestServer } from '../testing/calls';

function tryConnect(url: string, origin: string): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    const socket: Socket = connect(url, {
      transports: ['websocket'],
      extraHeaders: { origin },
      reconnection: false,
      timeout: 3_000,
    });
    socket.on('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.on('connect_error', () => {
      socket.close();
      resolve('refused');
    });
  });
}

describe('realtime server on the API port', () => {
  let server: CallTestServer;
  let url: string;
  beforeAll(async () => {
    server = await callTestServer({ env: { PUBLIC_BASE_URL: 'https://seguridad.example.cl' } });
    url = server.url;
  });
  afterAll(() => server.close());

  it('accepts our own origin', async () => {
    expect(await tryConnect(url, 'https://seguridad.example.cl')).toBe('connected');
    expect(await tryConnect(url, url)).toBe('connected');
  });

  it('refuses pages of other origins', async () => {
    expect(await tryConnect(url, 'https://sitio-ajeno.example.com')).toBe('refused');
  });
});
